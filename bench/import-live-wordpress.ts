/**
 * Imports a live WordPress's discovery document into a throw-away spec, generates it, serves it,
 * and reports every route and arg where the served discovery (`GET /wp-json/`) differs from the
 * original. Goal: none. Prints figures, asserts nothing.
 *
 *   WP_URL=http://127.0.0.1:8082/wp-json/ [WP_AUTH=user:app-password] npx tsx bench/import-live-wordpress.ts
 *
 * The imported spec goes to the system's temporary folder and the generated code to `tmp/`
 * (ignored by git, one level under the project so its imports of runtime/ resolve): WordPress's
 * texts never enter the repository.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runGenerate } from '../generator/commands/generate.ts';
import { runImport } from '../generator/commands/import.ts';
import { MANIFEST_FILE } from '../generator/manifest.ts';
import { compareDiscovery } from '../generator/import/compare.ts';
import { argsOf, type DiscoveryDocument } from '../generator/import/discovery.ts';
import { startTestServer } from '../runtime/testing/harness.ts';

const WP_URL = process.env.WP_URL ?? 'http://127.0.0.1:8082/wp-json/';
const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'tmp');

async function fetchDiscovery(): Promise<DiscoveryDocument> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (process.env.WP_AUTH) headers.authorization = `Basic ${Buffer.from(process.env.WP_AUTH).toString('base64')}`;
  const res = await fetch(WP_URL, { headers, signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`${WP_URL} answered ${res.status}`);
  return (await res.json()) as DiscoveryDocument;
}

/** Copies the project's own `GET /` handler body into the generated skeleton (a preserved region). */
async function wireIndexHandler(): Promise<void> {
  const own = await readFile(join(ROOT, 'output/handlers/root/index.ts'), 'utf8');
  const target = join(OUT, 'handlers/root/index.ts');
  let text = await readFile(target, 'utf8');
  for (const id of ['imports', 'getIndex']) {
    const region = new RegExp(`(// #region specpress:${id}\\n)[\\s\\S]*?([ \\t]*// #endregion specpress:${id})`);
    const body = region.exec(own)?.[0];
    if (body === undefined) throw new Error(`output/handlers/root/index.ts has no ${id} region`);
    text = text.replace(region, body.replace(/\$/g, '$$$$'));
  }
  await writeFile(target, text);
}

async function main(): Promise<void> {
  if (existsSync(OUT) && (await readdir(OUT)).length > 0 && !existsSync(join(OUT, MANIFEST_FILE))) {
    throw new Error(`${OUT} holds files this bench did not write; move them away first`);
  }
  const started = performance.now();
  const original = await fetchDiscovery();
  const work = await mkdtemp(join(tmpdir(), 'specpress-import-bench-'));
  const source = join(work, 'discovery.json');
  await writeFile(source, JSON.stringify(original));
  const specDir = join(work, 'spec');
  const quiet = (line: string) => void line;
  const say = (line: string) => console.log(`  ${line}`);
  if ((await runImport(source, { spec: specDir, namespaces: [] }, say, say)) !== 0) throw new Error('import failed');
  const imported = performance.now();
  await rm(OUT, { recursive: true, force: true });
  if ((await runGenerate(specDir, { outDir: OUT }, quiet, say)) !== 0) throw new Error('generation failed');
  const generated = performance.now();
  await wireIndexHandler();

  const deploymentDir = join(OUT, 'deployments/imported');
  const { routes } = (await import(pathToFileURL(join(deploymentDir, 'routes.ts')).href)) as { routes: never };
  const { deployment } = (await import(pathToFileURL(join(deploymentDir, 'deployment.ts')).href)) as { deployment: never };
  const server = await startTestServer({ routes, deploymentOverrides: deployment, users: false });
  let served: DiscoveryDocument;
  try {
    const res = await fetch(`${server.restUrl}/`);
    if (res.status !== 200) throw new Error(`the served index answered ${res.status}: ${await res.text()}`);
    served = (await res.json()) as DiscoveryDocument;
  } finally {
    await server.close();
  }

  const namespaces = new Set(Object.values(original.routes).map((r) => r.namespace));
  const differences = compareDiscovery(original, served, (_p, r) => namespaces.has(r.namespace));
  const args = Object.values(original.routes).reduce((n, r) => n + r.endpoints.reduce((m, e) => m + Object.keys(argsOf(e)).length, 0), 0);
  const endpoints = Object.values(original.routes).reduce((n, r) => n + r.endpoints.length, 0);
  console.log(`\nsource: ${WP_URL}`);
  console.log(`original: ${Object.keys(original.routes).length} routes, ${endpoints} endpoints, ${args} args in ${namespaces.size} namespaces`);
  console.log(`served:   ${Object.keys(served.routes).length} routes`);
  console.log(`import ${((imported - started) / 1000).toFixed(1)} s, generate ${((generated - imported) / 1000).toFixed(1)} s`);
  for (const d of differences) console.log(`  ${d.kind.padEnd(13)} ${d.route}  ${d.detail.length > 240 ? `${d.detail.slice(0, 240)}…` : d.detail}`);
  const byKind = new Map<string, number>();
  for (const d of differences) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
  console.log(`differences: ${differences.length}${differences.length ? ` (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`);
  await rm(work, { recursive: true, force: true });
}

await main();
