/**
 * The generation pipeline: load the spec -> emit every artifact -> format -> merge preserved
 * regions -> write only what changed (or, with `check`, only compare).
 */
import { readdirSync } from 'node:fs';
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
import { emitOtherObjectTests } from './emit/other-object-tests.ts';
import { emitReference, emitReferenceAssets } from './emit/reference.ts';
import { emitRoutes, emitSharedRoutes } from './emit/routes.ts';
import { emitContractTests } from './emit/contract-tests.ts';
import { emitSharedTypes, emitTypes, startTypes } from './emit/types.ts';
import { emitSharedArgs } from './emit/shared-args.ts';
import { emitSharedData } from './emit/shared-data.ts';
import { responseOf } from './emit/responses.ts';
import { emitValidators } from './emit/validators.ts';
import { withoutArgDescriptions } from './emit/without-arg-descriptions.ts';
import { openSchemaTypes, saveSchemaTypes } from './emit/schema-types.ts';
import { openTextMemo } from './emit/text-memo.ts';
import { Formatter, type FormatStats } from './format.ts';
import { ORPHANS_FILE, appendOrphans, mergeHandlers, writtenOperations, type Orphan } from './preserve.ts';
import { runScope, withMovedNames, type RunScope } from './run-scope.ts';
import { GENERATED_MARK } from './emit/ts-source.ts';
import { applyPlan, listFiles, planDiff, planWrite, writeAtomic, type WritePlan } from './write.ts';
import { readIfExists } from './read-text.ts';
import { BACKUP_DIR, MANIFEST_FILE, frameHash, parseManifest, renderManifest, type Manifest } from './manifest.ts';
import { loadSpec, reportOrder, type Diagnostic } from './spec/load.ts';
import { codeDigest, openRunCache, type RunCache, type RunSeen } from './run-cache.ts';
import { startTsThread } from './ts-thread.ts';
import { DeploymentCache } from './deployment-cache.ts';
import { flushAll } from './cache-store.ts';
import { typecheckHandlers } from './typecheck.ts';

export interface GenerateOptions {
  outDir: string;
  /** Deployments to emit; all when empty or absent. Handlers always cover every deployment. */
  deployments?: string[];
  /** Compare only; write nothing. */
  check?: boolean;
  /** Write nothing; put a unified diff of what would change in `result.diff`. */
  diff?: boolean;
  /**
   * When a file the generator owns was edited outside its preserved regions: copy it to
   * `output/.specpress-backup/<time>/` and go on (instead of stopping without writing anything).
   */
  backup?: boolean;
  /** Move regions of removed operations to the orphans file instead of stopping. */
  pruneOrphans?: boolean;
  /** Reuse what earlier runs made from the same inputs (formatted pieces, validator code, types: format.ts, text-cache.ts, emit/schema-types.ts), and answer an unchanged rerun from the run cache (default true). */
  formatCache?: boolean;
  /** Called with one line per finished deployment. */
  onProgress?: (line: string) => void;
  /**
   * After a run that wrote (or, with `check`, found) output matching the spec: type-check the
   * handlers' preserved regions against the generated types (typecheck.ts); errors end the run
   * with status `uncompiled`. The command turns it on unless `--no-typecheck`.
   */
  typecheck?: boolean;
}

export interface GenerateResult {
  /**
   * ok; orphans: regions of removed operations stopped the run; drift: `check` or `diff` found
   * differences; edited: files edited outside their regions stopped the run (nothing written);
   * uncompiled: the output is as the spec says (written), but the handlers do not compile against it.
   */
  status: 'ok' | 'orphans' | 'drift' | 'edited' | 'uncompiled';
  orphans: Orphan[];
  /** Paths (relative to outDir) that differ, are missing or are extra. */
  drift: { changed: string[]; missing: string[]; extra: string[] };
  files: number;
  lines: number;
  written: number;
  unchanged: number;
  deleted: number;
  /** Owned files whose text outside the regions is not what the generator last wrote. */
  edited: HandEdit[];
  /** Edited files copied before being overwritten or deleted (with `backup`): path -> copy, relative to outDir. */
  backups: Array<{ path: string; copy: string }>;
  /** Without a manifest nothing is deleted: files the spec no longer produces, left in place. */
  unrecorded: string[];
  /** With `diff`: the unified diff of what a run would change ('' when nothing). */
  diff?: string;
  ms: number;
  /** `METHOD /path` of each custom-handler endpoint whose spec names no `response` (typed `unknown`). */
  untypedResponses: string[];
  /** What prettier had to format this run (none of it on an unchanged rerun answered from the run cache). */
  formatted?: FormatStats;
  /** Deployments whose files were taken from an earlier run's (deployment-cache.ts): their model and shared names were unchanged. */
  reusedDeployments?: string[];
  /** The compile check, when it ran: files read, time taken, and what its answer depends on. */
  typecheck?: { files: number; ms: number; inputs: Record<string, string>; skipped?: string; cached?: boolean };
}

export interface HandEdit {
  path: string;
  /** edited: changed outside its regions since generated; foreign: a file the generator never wrote. */
  reason: 'edited' | 'foreign';
  /** What the run would do to it. */
  action: 'overwrite' | 'delete';
}

/** Where backups of edited files go, relative to the output folder. */

type DeploymentEmitter = (deployment: DeploymentModel, context: EmitContext) => EmittedFile[] | Promise<EmittedFile[]>;

/**
 * Per-deployment artifacts, in the order they are emitted. `proseFree`: the emitter never writes
 * an arg's or a field's description, so it is given the model without them
 * (emit/without-arg-descriptions.ts) and its files are reused on their own while that model is
 * the same (deployment-cache.ts): a description edit re-emits only the files that print it.
 * `early`: the emitter does not ask the context (JSON documents, the reference page), so a run
 * makes its files first (earlyDocuments), before the shared files the context comes from, while
 * the ts-morph thread compiles the types' schemas.
 */
const DEPLOYMENT_EMITTERS: Array<{ step: string; emit: DeploymentEmitter; proseFree: boolean; early?: true }> = [
  { step: 'routes', emit: emitRoutes, proseFree: true },
  { step: 'deployment', emit: emitDeployment, proseFree: true },
  { step: 'discovery', emit: emitDiscovery, proseFree: false, early: true },
  { step: 'types', emit: emitTypes, proseFree: false },
  { step: 'client', emit: emitClient, proseFree: true },
  { step: 'openapi', emit: emitOpenApi, proseFree: false, early: true },
  { step: 'docs', emit: emitDocs, proseFree: true },
  { step: 'reference', emit: emitReference, proseFree: false, early: true },
  { step: 'contract-tests', emit: emitContractTests, proseFree: true },
  { step: 'permission-tests', emit: emitPermissionTests, proseFree: true },
  { step: 'other-object-tests', emit: emitOtherObjectTests, proseFree: true },
];

/** The order the emitters run in: the types last, their schemas compiled on the ts-morph thread meanwhile (schema-types.ts). */
const EMITTING_ORDER = [...DEPLOYMENT_EMITTERS].sort((a, b) => Number(a.step === 'types') - Number(b.step === 'types'));

/**
 * A deployment's files, emitted one emitter after another, each emitter's files handed to the formatter as soon as made.
 * A prose-free emitter's files are reused when its model without descriptions and its context
 * answers are those of an earlier run; they come formatted.
 */
async function emitDeploymentFiles(deployment: DeploymentModel, asked: EmitContext, cache: DeploymentCache, formatter: Formatter, early: Map<string, EmittedFile[]> | undefined): Promise<{ formatted: Promise<EmittedFile[]> }> {
  const out = new Map<string, Promise<EmittedFile[]>>();
  const records: Array<{ paths: string[]; record: (formatted: EmittedFile[]) => void }> = [];
  // Each step's files go to the formatter as soon as they are made, so the pool formats while
  // this thread emits (the files are put back in DEPLOYMENT_EMITTERS' order below).
  for (const { step, emit, proseFree } of EMITTING_ORDER) {
    if (!proseFree) {
      out.set(step, formatAll(early?.get(step) ?? (await emit(deployment, asked)), formatter));
      continue;
    }
    const model = withoutArgDescriptions(deployment);
    const found = await cache.lookup(`${deployment.name} ${step}`, model, asked);
    if (found.files !== undefined) {
      out.set(step, Promise.resolve(found.files));
      continue;
    }
    const files = await emit(model, found.context);
    out.set(step, formatAll(files, formatter));
    records.push({ paths: files.map((f) => f.path), record: found.record });
  }
  // Returned unawaited (in an object: an async function's promise would wait for it), so the next deployment is emitted while this one is formatted.
  const formatted = Promise.all(DEPLOYMENT_EMITTERS.map(({ step }) => out.get(step)!)).then((steps) => {
    const files = steps.flat();
    const byPath = new Map(files.map((f) => [f.path, f]));
    for (const { paths, record } of records) record(paths.map((path) => byPath.get(path)!));
    return files;
  });
  return { formatted: awaitedLater(formatted) };
}

/** A context for the early emitters, which never ask it: one that does is a mistake to mend, not a question to answer unrecorded. */
const refused = (fn: keyof EmitContext) => (): never => {
  throw new Error(`an early emitter asked the context's ${fn}: mark it not early in DEPLOYMENT_EMITTERS`);
};
const NO_QUESTIONS: EmitContext = { validatorName: refused('validatorName'), argsName: refused('argsName'), routeName: refused('routeName'), dataName: refused('dataName') };

/** How many deployments' early documents this process made (the tests count them). */
let earlyMade = 0;
export const earlyDocumentsMade = (): number => earlyMade;

/** The files of a deployment's early emitters, by step. */
async function earlyDocuments(deployment: DeploymentModel): Promise<Map<string, EmittedFile[]>> {
  earlyMade++;
  const made = new Map<string, EmittedFile[]>();
  for (const { step, emit } of DEPLOYMENT_EMITTERS.filter((e) => e.early)) made.set(step, await emit(deployment, NO_QUESTIONS));
  return made;
}

/**
 * The files as prettier formats them, in the order given. Every file is handed to the formatter
 * at once, so the pool's threads format them concurrently while this thread goes on emitting.
 */
function formatAll(files: EmittedFile[], formatter: Formatter): Promise<EmittedFile[]> {
  return awaitedLater(Promise.all(files.map(async (f) => ({ path: f.path, content: f.preformatted ? f.content : await formatter.format(f.path, f.content, f.pieces, f.laidOut) }))));
}

/**
 * A promise awaited only after other work: its failure is not an unhandled rejection meanwhile
 * (which would end the process), and reaches the run when it awaits it.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function selectDeployments(model: SpecModel, names: string[] | undefined): DeploymentModel[] {
  if (!names || names.length === 0) return model.deployments;
  const unknown = names.filter((n) => !model.deployments.some((d) => d.name === n));
  if (unknown.length > 0) throw new Error(`unknown deployment(s): ${unknown.join(', ')} (known: ${model.deployments.map((d) => d.name).join(', ')})`);
  return model.deployments.filter((d) => names.includes(d.name));
}

/** The names of the folders under the output's `deployments/`. */
function deploymentFolders(outDir: string): Set<string> {
  try {
    return new Set(readdirSync(join(outDir, 'deployments'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));
  } catch {
    return new Set();
  }
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
    const text = readIfExists(join(outDir, path))!;
    if (text.startsWith(GENERATED_MARK)) existing.set(path, text);
  }
  return existing;
}

/**
 * The run's files from a model, written (or compared). `modelChecked`, for a model loaded with its
 * checks deferred (spec/load.ts): run once the types' schemas are compiling on the ts-morph
 * thread, so that they start that much earlier; false stops the run there, before anything is
 * written, and it answers undefined.
 */
export async function generateFromModel(model: SpecModel, options: GenerateOptions): Promise<GenerateResult>;
export async function generateFromModel(model: SpecModel, options: GenerateOptions, modelChecked: () => Promise<boolean>): Promise<GenerateResult | undefined>;
export async function generateFromModel(model: SpecModel, options: GenerateOptions, modelChecked?: () => Promise<boolean>): Promise<GenerateResult | undefined> {
  const started = performance.now();
  const onDisk = await existingHandlers(options.outDir);
  const previous = parseManifest(readIfExists(join(options.outDir, MANIFEST_FILE)));
  const requested = selectDeployments(model, options.deployments);
  const scope = runScope(model, requested, () => ({ present: deploymentFolders(options.outDir), written: writtenOperations(onDisk), previous }));
  const { shared } = scope;
  const formatter = await Formatter.open(options.formatCache !== false);
  const files: EmittedFile[] = [];
  let deploymentCache: DeploymentCache;
  let merged: ReturnType<typeof mergeHandlers>;
  try {
    openSchemaTypes(options.formatCache !== false);
    openTextMemo(options.formatCache !== false, options.formatCache !== false ? await codeDigest() : '');
    // The types' schemas compile on the ts-morph thread while this one emits everything before the types.
    startTypes(shared);
    if (modelChecked !== undefined && !(await modelChecked())) return undefined;
    // Handlers: formatted skeletons first, then the regions from disk, so regions stay byte for byte.
    const handlers = formatAll(emitHandlers(shared), formatter);
    const validators = emitValidators(shared, { cache: options.formatCache !== false });
    deploymentCache = await DeploymentCache.open(options.formatCache !== false, options.outDir);
    // Before the shared files: the documents of the deployments whose files no earlier run recorded.
    const early = new Map<string, Map<string, EmittedFile[]>>();
    for (const deployment of scope.emitted) if (!deploymentCache.mayReuse(deployment, NO_QUESTIONS)) early.set(deployment.name, await earlyDocuments(deployment));
    const args = emitSharedArgs(shared);
    const data = emitSharedData(shared);
    const context: EmitContext = { validatorName: validators.index.name, argsName: args.index.name, dataName: data.index.name, routeName: () => '' };
    const routes = emitSharedRoutes(shared, context);
    context.routeName = routes.index.name;
    files.push(...emitReferenceAssets());
    // What is formatted is formatted on the pool's threads while this one emits what comes next;
    // the files are then taken in order, so the output does not depend on which finished first.
    const sharedCode = formatAll([...args.files, ...data.files, ...routes.files], formatter);
    // A deployment this run would leave whose files name a shared name that moved is made again.
    scope.emitted = withMovedNames(scope, (d) => deploymentCache.namesAsBefore(d, context) === false);
    const deployments: Array<{ name: string; started: number; made: Promise<EmittedFile[]> }> = [];
    for (const deployment of scope.emitted) {
      const started = performance.now();
      let doneEmitting!: () => void;
      const emittedOrReused = new Promise<void>((resolve) => (doneEmitting = resolve));
      const made = awaitedLater(
        deploymentCache.files(deployment, context, async (asked) => {
          const { formatted } = await emitDeploymentFiles(deployment, asked, deploymentCache, formatter, early.get(deployment.name));
          doneEmitting();
          return formatted;
        }),
      );
      made.then(doneEmitting, doneEmitting);
      // One deployment is emitted at a time; only its formatting overlaps the next one's emitting.
      await emittedOrReused;
      deployments.push({ name: deployment.name, started, made });
    }
    // The shared types last: their schemas take this thread longest to compile, while the pool formats what came before.
    const sharedTypes = formatAll(await emitSharedTypes(shared, customOperations(shared).map((op) => op.endpoint.operationId)), formatter);
    files.push(...(await sharedCode), ...(await sharedTypes), ...validators.files());
    for (const { name, started, made } of deployments) {
      const done = await made;
      files.push(...done);
      const how = deploymentCache.reused.includes(name) ? ', unchanged since the last run' : '';
      options.onProgress?.(`${name}: ${done.length} files in ${Math.round(performance.now() - started)} ms${how}`);
    }
    const renames = new Map(customOperations(shared).map((op) => [op.endpoint.operationId, op.endpoint.renamedFrom ?? []]));
    merged = mergeHandlers(await handlers, onDisk, renames);
  } finally {
    // No formatting thread outlives the run, whether it formatted everything or stopped on an error.
    await formatter.close();
  }
  files.push(...merged.files);
  await formatter.save();
  await saveSchemaTypes();
  try {
    return await planAndWrite(options, scope, previous, files, merged, formatter, deploymentCache, started);
  } finally {
    // Every cache's new entries (spec files, texts, pieces, types, deployments) in one
    // transaction, if planAndWrite has not written them while its output was being synced.
    flushAll();
  }
}

/** The run's files compared with the disk, and written there (or the drift reported, with --check and --diff). */
async function planAndWrite(
  options: GenerateOptions,
  scope: RunScope,
  previous: Manifest | undefined,
  files: EmittedFile[],
  merged: ReturnType<typeof mergeHandlers>,
  formatter: Formatter,
  deploymentCache: DeploymentCache,
  started: number,
): Promise<GenerateResult> {
  const result: GenerateResult = {
    status: 'ok',
    orphans: merged.orphans,
    drift: { changed: [], missing: [], extra: [] },
    files: files.length,
    lines: files.reduce((n, f) => n + f.content.split('\n').length - 1, 0),
    written: 0,
    unchanged: 0,
    deleted: 0,
    edited: [],
    backups: [],
    unrecorded: [],
    ms: 0,
    untypedResponses: [...new Set(scope.emitted.flatMap(untypedResponses))],
    formatted: formatter.stats,
    reusedDeployments: deploymentCache.reused,
  };
  if (merged.orphans.length > 0) {
    if (!options.pruneOrphans || options.check) {
      result.status = 'orphans';
      result.ms = performance.now() - started;
      return result;
    }
    const current = readIfExists(join(options.outDir, ORPHANS_FILE));
    files.push({ path: ORPHANS_FILE, content: appendOrphans(current, merged.orphans) });
  }

  const names = new Set(scope.emitted.map((d) => d.name));
  const filtered = options.deployments !== undefined && options.deployments.length > 0;
  // A deployment left out of this run keeps its files and their manifest entries.
  const outOfScope = (path: string): boolean => filtered && path.startsWith('deployments/') && !names.has(path.split('/')[1]);
  const manifest: Manifest = { files: {}, ...(scope.serves ? { serves: scope.serves } : {}) };
  for (const [path, hash] of Object.entries(previous?.files ?? {})) if (outOfScope(path)) manifest.files[path] = hash;
  for (const f of files) if (f.path !== ORPHANS_FILE) manifest.files[f.path] = frameHash(f.content);
  files.push({ path: MANIFEST_FILE, content: renderManifest(manifest) });
  result.files = files.length;
  result.lines = files.reduce((n, f) => n + f.content.split('\n').length - 1, 0);

  // Only what the generator recorded is ever deleted. Without a manifest (output written before
  // there was one) nothing is: files the spec no longer produces are listed instead.
  const emittedPaths = new Set(files.map((f) => f.path));
  const owned = (path: string): boolean => previous !== undefined && path in previous.files && !outOfScope(path);
  const plan = await planWrite(options.outDir, files, owned, { texts: deploymentCache.diskTexts, since: deploymentCache.readSince });
  // The files found as emitted have the frame hash the manifest was just given: the run cache need not hash them again.
  const frames = new Map(files.filter((f) => plan.disk.get(f.path) === f.content && f.path in manifest.files).map((f) => [f.path, manifest.files[f.path]!]));
  seenByRun.set(result, { output: plan.disk, outputSince: plan.readSince, frames });
  if (previous === undefined) result.unrecorded = await unrecordedLeftovers(options.outDir, emittedPaths, outOfScope);
  result.unchanged = plan.unchanged;
  result.drift = { changed: plan.changed.map((f) => f.path), missing: plan.missing.map((f) => f.path), extra: plan.extra };
  result.edited = await handEdits(options.outDir, plan, previous);
  const drifted = plan.changed.length + plan.missing.length + plan.extra.length > 0;
  if (options.check || options.diff) {
    if (options.diff) result.diff = await planDiff(options.outDir, plan);
    result.status = drifted ? 'drift' : 'ok';
  } else if (result.edited.length > 0 && !options.backup) {
    result.status = 'edited';
  } else {
    result.backups = await backUp(options.outDir, result.edited, plan);
    const writing = applyPlan(options.outDir, plan);
    // The cache store's write (a deployment's files are megabytes) while the disk syncs the output.
    flushAll();
    result.written = await writing;
    result.deleted = plan.extra.length;
  }
  result.ms = performance.now() - started;
  return result;
}

/**
 * Loads the spec and, when it has no error, generates from it. A rerun with nothing changed (same
 * spec, same generator, output as recorded) answers from the run cache (run-cache.ts).
 */
export async function generateFromSpec(specDir: string, options: GenerateOptions, opened?: RunCache): Promise<{ diagnostics: Diagnostic[]; result?: GenerateResult }> {
  const started = performance.now();
  const cache = options.formatCache === false ? undefined : (opened ?? (await openRunCache(specDir, options)));
  if (cache?.hit) return { diagnostics: cache.hit.diagnostics, result: { ...cache.hit.result, ms: performance.now() - started } };
  // Something changed: the thread loads json-schema-to-typescript while this one reads the spec.
  startTsThread();
  const loaded = await loadSpec(specDir, { cache: options.formatCache !== false, deferModelChecks: true });
  let { diagnostics } = loaded;
  if (loaded.model === undefined) return { diagnostics };
  const result = await generateFromModel(loaded.model, options, async () => {
    const found = await loaded.checkModel!();
    diagnostics = reportOrder([...diagnostics, ...found]);
    return !found.some((d) => d.severity === 'error');
  });
  if (result === undefined) return { diagnostics };
  // Only output that is what the spec says is worth compiling: after `--check` found drift the
  // handlers on disk are not the ones a run would leave.
  if (options.typecheck && result.status === 'ok' && !options.diff) {
    const checkSince = Date.now();
    const checked = await typecheckHandlers(options.outDir);
    const seen = seenByRun.get(result);
    if (seen !== undefined) seen.checkSince = checkSince;
    result.typecheck = { files: checked.files, ms: checked.ms, inputs: checked.inputs, ...(checked.skipped ? { skipped: checked.skipped } : {}), ...(checked.reused ? { cached: true } : {}) };
    diagnostics.push(...checked.diagnostics);
    if (checked.diagnostics.some((d) => d.severity === 'error')) result.status = 'uncompiled';
    result.ms = performance.now() - started;
  }
  await cache?.store(diagnostics, result, seenByRun.get(result));
  return { diagnostics, result };
}

/** What a run read of its output (and when), for the run cache's store: it need not read it again. */
const seenByRun = new WeakMap<GenerateResult, RunSeen>();

/**
 * Files the run would overwrite or delete although the disk no longer holds what the generator
 * wrote there: edited outside their regions, or (with a manifest) never written by it at all.
 */
async function handEdits(outDir: string, plan: WritePlan, manifest: Manifest | undefined): Promise<HandEdit[]> {
  if (manifest === undefined) return [];
  const edits: HandEdit[] = [];
  const candidates = [
    ...plan.changed.map((f) => ({ path: f.path, action: 'overwrite' as const })),
    ...plan.extra.map((path) => ({ path, action: 'delete' as const })),
  ];
  for (const { path, action } of candidates) {
    if (path === MANIFEST_FILE) continue;
    const recorded = manifest.files[path];
    if (recorded === undefined) {
      edits.push({ path, reason: 'foreign', action });
      continue;
    }
    // The plan read every emitted path's text already; only extra files are read here.
    const text = plan.disk.get(path) ?? readIfExists(join(outDir, path));
    if (text !== undefined && frameHash(text) !== recorded) edits.push({ path, reason: 'edited', action });
  }
  return edits.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Copies each edited file to `.specpress-backup/<time>/<path>`; returns the copies' paths. */
async function backUp(outDir: string, edits: HandEdit[], plan: WritePlan): Promise<Array<{ path: string; copy: string }>> {
  if (edits.length === 0) return [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const copies: Array<{ path: string; copy: string }> = [];
  for (const { path } of edits) {
    const text = plan.disk.get(path) ?? readIfExists(join(outDir, path));
    if (text === undefined) continue;
    const copy = `${BACKUP_DIR}/${stamp}/${path}`;
    // Synced like the output: the copy must exist before the file it keeps is overwritten.
    await writeAtomic(join(outDir, copy), text, { durable: true });
    copies.push({ path, copy });
  }
  return copies;
}

/** Generated-looking files under the generator's folders that this run does not produce. */
async function unrecordedLeftovers(outDir: string, emitted: Set<string>, outOfScope: (path: string) => boolean): Promise<string[]> {
  const left: string[] = [];
  for (const path of await listFiles(outDir)) {
    if (emitted.has(path) || outOfScope(path) || path === ORPHANS_FILE) continue;
    if (path.startsWith('deployments/') || path.startsWith('shared/')) left.push(path);
    else if (path.startsWith('handlers/') && (readIfExists(join(outDir, path)) ?? '').startsWith(GENERATED_MARK)) left.push(path);
  }
  return left;
}
