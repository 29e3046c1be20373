/**
 * `specpress import <discovery URL or file>`: spec YAML from a WordPress site's discovery
 * document, and `runDiff`: how that site's routes and args differ from what the spec serves
 * (the `diff` command, registered with its git-ref form in diff-ref.ts).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { discoveryDocument } from '../emit/discovery.ts';
import { loadSpec, formatDiagnostic } from '../spec/load.ts';
import { compareDiscovery } from '../import/compare.ts';
import { readDiscovery, type DiscoveryDocument } from '../import/discovery.ts';
import { importDiscovery } from '../import/to-spec.ts';

type Print = (line: string) => void;

const list = (value: string, previous: string[]): string[] => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];

export async function runImport(
  source: string,
  opts: { spec: string; namespaces: string[]; deployment?: string; force?: boolean },
  print: Print = console.log,
  printError: Print = console.error,
): Promise<number> {
  try {
    const doc = await readDiscovery(source);
    const specDir = resolve(opts.spec);
    const hasDeployments = (await readdir(join(specDir, 'deployments')).catch(() => [])).some((n) => n.endsWith('.yaml'));
    const result = importDiscovery(doc, { namespaces: opts.namespaces.length > 0 ? opts.namespaces : undefined, deployment: hasDeployments ? undefined : (opts.deployment ?? 'imported') });
    if (result.routes === 0) {
      printError(`nothing to import from ${source}${opts.namespaces.length ? ` in ${opts.namespaces.join(', ')}` : ''} (its namespaces: ${(doc.namespaces ?? []).join(', ')})`);
      return 1;
    }
    const existing: string[] = [];
    for (const path of result.files.keys()) if (await readdir(dirname(join(specDir, path))).then((names) => names.includes(path.split('/').pop()!), () => false)) existing.push(path);
    if (existing.length > 0 && !opts.force) {
      printError(`these spec files exist already: ${existing.join(', ')}; nothing written (run again with --force to replace them)`);
      return 1;
    }
    for (const [path, text] of result.files) {
      await mkdir(dirname(join(specDir, path)), { recursive: true });
      await writeFile(join(specDir, path), text);
    }
    for (const note of result.notes) printError(`note: ${note}`);
    print(`imported ${result.routes} routes, ${result.endpoints} endpoints and ${result.shapes} shared arg shapes into ${result.files.size} files under ${opts.spec}/; every endpoint is \`handler: custom\` (501 until written) and needs manage_options until you say otherwise`);
    return 0;
  } catch (error) {
    printError(`import failed: ${(error as Error).message}`);
    return 1;
  }
}

export async function runDiff(source: string, opts: { spec: string; deployment?: string }, print: Print = console.log, printError: Print = console.error): Promise<number> {
  try {
    const site = await readDiscovery(source);
    const { model, diagnostics } = await loadSpec(resolve(opts.spec));
    if (model === undefined) {
      for (const d of diagnostics) printError(formatDiagnostic(d));
      printError('the spec has errors; fix them first');
      return 1;
    }
    const deployment = model.deployments.find((d) => (opts.deployment ? d.name === opts.deployment : d.isDefault));
    if (deployment === undefined) {
      printError(`no deployment ${opts.deployment ?? '(default)'}; known: ${model.deployments.map((d) => d.name).join(', ')}`);
      return 1;
    }
    const spec = discoveryDocument(deployment) as unknown as DiscoveryDocument;
    // Only the namespaces the site serves: a spec's extension namespaces are not the site's concern.
    const siteNamespaces = new Set(Object.values(site.routes).map((r) => r.namespace));
    const differences = compareDiscovery(site, spec, (_p, r) => siteNamespaces.has(r.namespace));
    for (const d of differences) print(`${d.kind.padEnd(13)} ${d.route}  ${d.detail}`);
    print(`${differences.length} difference(s) between ${source} and deployment ${deployment.name}`);
    return differences.length > 0 ? 2 : 0;
  } catch (error) {
    printError(`diff failed: ${(error as Error).message}`);
    return 1;
  }
}

export function register(program: Command): void {
  program
    .command('import <source>')
    .description('write spec YAML (namespaces, routes, captures, args, shared arg shapes) from a WordPress discovery document (URL of /wp-json/ or a file)')
    .option('--namespaces <list>', 'namespaces to import, comma-separated (default: all)', list, [])
    .option('--spec <dir>', 'spec folder to write into', 'spec')
    .option('--deployment <name>', 'name of the deployment to create when the spec has none', 'imported')
    .option('--force', 'replace spec files of the same names')
    .action(async (source: string, cli: { namespaces: string[]; spec: string; deployment: string; force?: boolean }) => {
      process.exitCode = await runImport(source, cli);
    });
}
