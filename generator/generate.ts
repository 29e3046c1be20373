/**
 * The generation pipeline: load the spec -> emit every artifact -> format -> merge preserved
 * regions -> write only what changed (or, with `check`, only compare).
 */
import { join } from 'node:path';
import type { DeploymentModel, SpecModel } from '../contract/model.ts';
import type { EmitContext, EmittedFile } from './emit/emitted-file.ts';
import { emitClient } from './emit/client.ts';
import { emitDeployment } from './emit/deployment.ts';
import { emitDiscovery } from './emit/discovery.ts';
import { emitDocs } from './emit/docs.ts';
import { customOperations, emitHandlers } from './emit/handlers.ts';
import { emitOpenApi } from './emit/openapi.ts';
import { emitPermissionTests } from './emit/permission-tests.ts';
import { emitRoutes } from './emit/routes.ts';
import { emitContractTests } from './emit/contract-tests.ts';
import { emitTypes } from './emit/types.ts';
import { responseOf } from './emit/responses.ts';
import { emitValidators } from './emit/validators.ts';
import { formatFile, formatFileCached } from './format.ts';
import { ORPHANS_FILE, appendOrphans, mergeHandlers, type Orphan } from './preserve.ts';
import { GENERATED_MARK } from './emit/ts-source.ts';
import { applyPlan, listFiles, planWrite, readIfExists } from './write.ts';
import { loadSpec, type Diagnostic } from './spec/load.ts';

export interface GenerateOptions {
  outDir: string;
  /** Deployments to emit; all when empty or absent. Handlers always cover every deployment. */
  deployments?: string[];
  /** Compare only; write nothing. */
  check?: boolean;
  /** Move regions of removed operations to the orphans file instead of stopping. */
  pruneOrphans?: boolean;
  /** Reuse formatted text of unchanged files from the format cache (default true). */
  formatCache?: boolean;
  /** Called with one line per finished deployment. */
  onProgress?: (line: string) => void;
}

export interface GenerateResult {
  /** ok; orphans: regions of removed operations stopped the run; drift: `check` found differences. */
  status: 'ok' | 'orphans' | 'drift';
  orphans: Orphan[];
  /** Paths (relative to outDir) that differ, are missing or are extra. */
  drift: { changed: string[]; missing: string[]; extra: string[] };
  files: number;
  lines: number;
  written: number;
  unchanged: number;
  deleted: number;
  ms: number;
  /** `METHOD /path` of each custom-handler endpoint whose spec names no `response` (typed `unknown`). */
  untypedResponses: string[];
}

type DeploymentEmitter = (deployment: DeploymentModel, context: EmitContext) => EmittedFile[] | Promise<EmittedFile[]>;

/** Per-deployment artifacts, in the order they are emitted. */
const DEPLOYMENT_EMITTERS: DeploymentEmitter[] = [
  emitRoutes,
  emitDeployment,
  emitDiscovery,
  emitTypes,
  emitClient,
  emitOpenApi,
  emitDocs,
  emitContractTests,
  emitPermissionTests,
];

async function formatAll(files: EmittedFile[], cache: boolean): Promise<EmittedFile[]> {
  const format = cache ? formatFileCached : formatFile;
  const out: EmittedFile[] = [];
  for (const f of files) out.push({ path: f.path, content: f.preformatted ? f.content : await format(f.path, f.content) });
  return out;
}

function selectDeployments(model: SpecModel, names: string[] | undefined): DeploymentModel[] {
  if (!names || names.length === 0) return model.deployments;
  const unknown = names.filter((n) => !model.deployments.some((d) => d.name === n));
  if (unknown.length > 0) throw new Error(`unknown deployment(s): ${unknown.join(', ')} (known: ${model.deployments.map((d) => d.name).join(', ')})`);
  return model.deployments.filter((d) => names.includes(d.name));
}

/** Endpoints whose answer the spec leaves unsaid: a custom handler with no `response`. */
function untypedResponses(deployment: DeploymentModel): string[] {
  return deployment.routes.flatMap((route) => route.endpoints.filter((e) => responseOf(e, deployment) === undefined).map((e) => `${e.methods.join(', ')} ${route.path}`));
}

/** Generated handler files on disk (not the orphans file), path relative to outDir -> text. */
async function existingHandlers(outDir: string): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  for (const path of await listFiles(outDir, join(outDir, 'handlers'))) {
    if (path === ORPHANS_FILE || !path.endsWith('.ts') || path === 'handlers/index.ts') continue;
    const text = (await readIfExists(join(outDir, path)))!;
    if (text.startsWith(GENERATED_MARK)) existing.set(path, text);
  }
  return existing;
}

export async function generateFromModel(model: SpecModel, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const selected = selectDeployments(model, options.deployments);
  // Shared by every deployment, so always made from all of them (like the handlers).
  const validators = emitValidators(model);
  const context: EmitContext = { validatorName: (deployment, id) => validators.index.name(deployment, id) };
  const files: EmittedFile[] = [...validators.files];
  for (const deployment of selected) {
    const t0 = performance.now();
    const emitted: EmittedFile[] = [];
    for (const emit of DEPLOYMENT_EMITTERS) emitted.push(...(await emit(deployment, context)));
    files.push(...(await formatAll(emitted, options.formatCache !== false)));
    options.onProgress?.(`${deployment.name}: ${emitted.length} files in ${Math.round(performance.now() - t0)} ms`);
  }

  // Handlers: formatted skeletons first, then the regions from disk, so regions stay byte for byte.
  const renames = new Map(customOperations(model).map((op) => [op.endpoint.operationId, op.endpoint.renamedFrom ?? []]));
  const merged = mergeHandlers(await formatAll(emitHandlers(model), options.formatCache !== false), await existingHandlers(options.outDir), renames);
  files.push(...merged.files);

  const result: GenerateResult = {
    status: 'ok',
    orphans: merged.orphans,
    drift: { changed: [], missing: [], extra: [] },
    files: files.length,
    lines: files.reduce((n, f) => n + f.content.split('\n').length - 1, 0),
    written: 0,
    unchanged: 0,
    deleted: 0,
    ms: 0,
    untypedResponses: [...new Set(selected.flatMap(untypedResponses))],
  };
  if (merged.orphans.length > 0) {
    if (!options.pruneOrphans || options.check) {
      result.status = 'orphans';
      result.ms = performance.now() - started;
      return result;
    }
    const current = await readIfExists(join(options.outDir, ORPHANS_FILE));
    files.push({ path: ORPHANS_FILE, content: appendOrphans(current, merged.orphans) });
  }

  const names = new Set(selected.map((d) => d.name));
  const filtered = options.deployments !== undefined && options.deployments.length > 0;
  const managed = async (path: string): Promise<boolean> => {
    // People may keep their own helper modules beside the handlers: only generated files go.
    if (path.startsWith('handlers/')) return path !== ORPHANS_FILE && ((await readIfExists(join(options.outDir, path))) ?? '').startsWith(GENERATED_MARK);
    if (path.startsWith('shared/')) return true;
    if (!path.startsWith('deployments/')) return false;
    return !filtered || names.has(path.split('/')[1]);
  };
  const plan = await planWrite(options.outDir, files, managed);
  result.unchanged = plan.unchanged;
  result.drift = { changed: plan.changed.map((f) => f.path), missing: plan.missing.map((f) => f.path), extra: plan.extra };
  if (options.check) {
    const drifted = plan.changed.length + plan.missing.length + plan.extra.length > 0;
    result.status = drifted ? 'drift' : 'ok';
  } else {
    result.written = await applyPlan(options.outDir, plan);
    result.deleted = plan.extra.length;
  }
  result.ms = performance.now() - started;
  return result;
}

/** Loads the spec and, when it has no error, generates from it. */
export async function generateFromSpec(specDir: string, options: GenerateOptions): Promise<{ diagnostics: Diagnostic[]; result?: GenerateResult }> {
  const { model, diagnostics } = await loadSpec(specDir);
  if (model === undefined) return { diagnostics };
  return { diagnostics, result: await generateFromModel(model, options) };
}
