/**
 * The block editor's bundle (`editor.js`, `editor.css`, `content.css`), written into
 * `dist/editor/` by `npm run build` (scripts/build-editor.mjs), served under
 * `/wp-admin/editor/`. The same folder is found whether the server runs from the sources (tests)
 * or from dist/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const ASSET_PATH = '/wp-admin/editor';
const FILES: Record<string, string> = { 'editor.js': 'text/javascript; charset=UTF-8', 'editor.css': 'text/css; charset=UTF-8', 'content.css': 'text/css; charset=UTF-8' };

/** `<root>/dist/editor` from the sources, `dist/editor` itself from the compiled tree. */
export function editorBundleDir(): string {
  const top = path.resolve(import.meta.dirname, '..', '..');
  return path.basename(top) === 'dist' ? path.join(top, 'editor') : path.join(top, 'dist', 'editor');
}

/** The bundle's version (its inputs' stamp), so browsers fetch a new bundle after a rebuild. */
export function bundleVersion(): string {
  try {
    return fs.readFileSync(path.join(editorBundleDir(), '.inputs'), 'utf8').slice(0, 12);
  } catch {
    return '0';
  }
}

export function assetUrl(name: keyof typeof FILES | string): string {
  return `${ASSET_PATH}/${name}?ver=${bundleVersion()}`;
}

export function registerEditorAssets(fastify: FastifyInstance): void {
  fastify.get(`${ASSET_PATH}/:file`, async (req, reply) => {
    const name = (req.params as { file: string }).file;
    if (!Object.hasOwn(FILES, name)) return reply.callNotFound();
    const file = path.join(editorBundleDir(), name);
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch {
      // Built by `npm run build`; a tree that was never built has no editor to serve.
      return reply.code(503).type('text/plain; charset=UTF-8').send('The block editor is not built: run `npm run build`.\n');
    }
    // The address carries the bundle's version: a browser may keep what it fetched.
    return reply.code(200).type(FILES[name]!).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(body);
  });
}
