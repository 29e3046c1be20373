import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_SPEC_ERRORS, runGenerate } from '../../generator/commands/generate.ts';
import { MANIFEST_FILE, frameHash, parseManifest, renderManifest } from '../../generator/manifest.ts';
import { capture, copyFixtureSpec, snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const NOTES = 'handlers/notes-v1/notes.ts';
// Odd spacing and a trailing blank line on purpose: regions are kept byte for byte, not reformatted.
const GET_BODY = "    const note   = { id: ctx.params.id };   // hand-written\n  return { data: note };\n\n";
const DELETE_BODY = "  return { data: { deleted: true } }; // delete body\n";
const IMPORT_LINE = "import { restError as unusedAlias } from '../../../runtime/rest/errors.ts';\n";

function replaceRegion(text: string, id: string, body: string): string {
  const start = `// #region specpress:${id}\n`;
  const from = text.indexOf(start) + start.length;
  const to = text.lastIndexOf('\n', text.indexOf(`// #endregion specpress:${id}`)) + 1;
  return text.slice(0, from) + body + text.slice(to);
}

describe('preserved regions across spec changes', () => {
  it('keeps edited bodies through an added arg and a rename, and reports the removed operation', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const specDir = await copyFixtureSpec(t.dir);
    const outDir = join(t.dir, 'output');
    const quiet = capture();
    expect(await runGenerate(specDir, { outDir }, quiet.print, quiet.printError)).toBe(EXIT_OK);

    // A person fills two handler bodies and an import.
    const handlerPath = join(outDir, NOTES);
    let handler = await readFile(handlerPath, 'utf8');
    handler = replaceRegion(handler, 'notesGet', GET_BODY);
    handler = replaceRegion(handler, 'notesDelete', DELETE_BODY);
    handler = replaceRegion(handler, 'imports', IMPORT_LINE);
    await writeFile(handlerPath, handler);

    // The spec changes: an arg is added, notesGet is renamed, notesDelete is removed.
    const nsPath = join(specDir, 'namespaces/notes-v1.yaml');
    let ns = await readFile(nsPath, 'utf8');
    ns = ns.replace('text: { type: string, required: true }', 'text: { type: string, required: true }\n          title: { type: string }');
    ns = ns.replace('operationId: notesGet', 'operationId: notesRead\n        renamedFrom: [notesGet]');
    ns = ns.replace(/      - methods: \[DELETE\]\n        operationId: notesDelete\n        args:\n          id: \{ type: integer \}\n        handler: custom\n/, '');
    expect(ns).not.toContain('notesDelete');
    await writeFile(nsPath, ns);

    // Without --prune-orphans the run stops, names the orphan and writes nothing.
    const before = await snapshot(outDir);
    const stopped = capture();
    expect(await runGenerate(specDir, { outDir }, stopped.print, stopped.printError)).toBe(EXIT_SPEC_ERRORS);
    expect(stopped.err.join('\n')).toContain(`notesDelete (output/${NOTES})`);
    const after = await snapshot(outDir);
    for (const [path, bytes] of before) expect(after.get(path)?.equals(bytes), path).toBe(true);

    // With it, the orphan moves to the orphans file and the rest regenerates.
    expect(await runGenerate(specDir, { outDir, pruneOrphans: true }, quiet.print, quiet.printError)).toBe(EXIT_OK);
    const regenerated = await readFile(handlerPath, 'utf8');
    expect(regenerated).toContain(`// #region specpress:notesRead\n${GET_BODY}  // #endregion specpress:notesRead`);
    expect(regenerated).toContain(`// #region specpress:imports\n${IMPORT_LINE}// #endregion specpress:imports`);
    expect(regenerated).not.toContain('notesGet');
    expect(regenerated).not.toContain('notesDelete');
    const orphans = await readFile(join(outDir, 'handlers/_orphans.ts'), 'utf8');
    expect(orphans).toContain(DELETE_BODY);
    expect(orphans).toContain('specpress-orphan:notesDelete');
    const discovery = JSON.parse(await readFile(join(outDir, 'deployments/main/discovery.json'), 'utf8'));
    expect(Object.keys(discovery.routes['/notes/v1/notes'].endpoints[1].args)).toEqual(['text', 'title']);

    // And the next run is stable: nothing to write, no orphan.
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    expect(io.out.at(-1)).toMatch(/^0 written, /);
  });
});

describe('files beside the handlers', () => {
  it('keeps a hand-written module and removes a stale generated file the manifest records', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const specDir = await copyFixtureSpec(t.dir);
    const outDir = join(t.dir, 'output');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    await writeFile(join(outDir, 'handlers/notes-v1/shared.ts'), 'export const shared = 1;\n');
    // A handler file an earlier generation wrote (so the manifest records it) for a namespace since removed.
    const stale = '// Generated by specpress from spec/: handlers of notes-v1/stale.\nexport {};\n';
    await writeFile(join(outDir, 'handlers/notes-v1/stale.ts'), stale);
    const manifest = parseManifest(await readFile(join(outDir, MANIFEST_FILE), 'utf8'))!;
    manifest.files['handlers/notes-v1/stale.ts'] = frameHash(stale);
    await writeFile(join(outDir, MANIFEST_FILE), renderManifest(manifest));
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    const files = [...(await snapshot(outDir)).keys()];
    expect(files).toContain('handlers/notes-v1/shared.ts');
    expect(files).not.toContain('handlers/notes-v1/stale.ts');
  });
});
