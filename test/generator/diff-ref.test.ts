/**
 * `specpress diff <git-ref>` on real changes of the project's spec, in a git repository made here
 * from a copy of spec/ (the project's own repository is never touched). Its history:
 *
 *   base      the spec as it is
 *   broken    a namespace file that is not YAML
 *   breaking  fixed, then an arg removed, an arg's type narrowed, an answer field removed
 *   HEAD      plus a route, an optional arg and an enum value added (the working tree too)
 *
 * so `diff breaking` sees only additions, `diff base` both kinds, `diff HEAD` nothing.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArgSchema, DeploymentModel } from '../../contract/model.ts';
import { classify, classifyDeployment } from '../../generator/api-diff/classify.ts';
import { compareDeployment } from '../../generator/api-diff/compare-models.ts';
import { compareDescriptor, type Side } from '../../generator/api-diff/compare-schema.ts';
import { EXIT_BREAKING, EXIT_CHANGES, EXIT_ERROR, EXIT_NO_CHANGE, register as registerDiff, runDiffCommand, type DiffOptions } from '../../generator/commands/diff-ref.ts';
import { register as registerImport } from '../../generator/commands/import.ts';
import { capture } from './helpers.ts';

const PROJECT_SPEC = new URL('../../spec', import.meta.url).pathname;

let dir: string;
let specDir: string;

/** Git in the temporary repository only: no inherited GIT_DIR (a hook's) can point it elsewhere. */
function git(...args: string[]): string {
  const settings = ['-c', 'user.name=specpress test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null'];
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE'].includes(k)));
  return execFileSync('git', [...settings, ...args], { cwd: dir, encoding: 'utf8', env });
}

/** Replaces text that must occur exactly once in a spec file, so a changed spec fails here, not later. */
async function edit(file: string, from: string, to: string): Promise<void> {
  const path = join(specDir, file);
  const text = await readFile(path, 'utf8');
  expect(text.split(from).length - 1, `${from} in ${file}`).toBe(1);
  await writeFile(path, text.replace(from, to));
}

async function commit(tag: string): Promise<void> {
  git('add', 'spec');
  git('commit', '-q', '-m', tag);
  git('tag', tag);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specpress-diff-ref-'));
  specDir = join(dir, 'spec');
  await cp(PROJECT_SPEC, specDir, { recursive: true });
  git('init', '-q');
  await commit('base');

  const nps = 'namespaces/nps-survey-v1.yaml';
  const original = await readFile(join(specDir, nps), 'utf8');
  await writeFile(join(specDir, nps), `${original}\n  /broken: [\n`);
  await commit('broken');
  await writeFile(join(specDir, nps), original);

  await edit(nps, "          comment: { description: Optional words with the score., type: string, default: '' }\n", '');
  await edit('namespaces/tmpl-library-v1.yaml', 'type: [string, integer] }', 'type: string }');
  await edit('shapes/oembed-data.yaml', '  thumbnail_url: { type: string }\n', '');
  await commit('breaking');

  await edit(nps, '  /dismiss-nps-survey:\n', '  /ping:\n    endpoints:\n      - methods: [GET]\n        args: none\n        behavior: { kind: option, key: nps-survey.ping, default: { ok: true } }\n  /dismiss-nps-survey:\n');
  await edit('namespaces/oembed-1.0.yaml', 'enum: [json, xml]', 'enum: [json, xml, yaml]');
  await edit('namespaces/oembed-1.0.yaml', '          maxheight:\n', '          lang:\n            description: Language of the embed.\n            type: string\n          maxheight:\n');
  await commit('additions');
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function diff(ref: string, options: Partial<DiffOptions> = {}): Promise<{ code: number; out: string[]; err: string[] }> {
  const io = capture();
  const code = await runDiffCommand(ref, { spec: specDir, deployment: [], format: 'text', ...options }, io.print, io.printError);
  return { code, out: io.out.join('\n').split('\n'), err: io.err };
}

const ADDITIONS = [
  '  non-breaking  GET /nps-survey/v1/ping  route added',
  '  non-breaking  GET /oembed/1.0/proxy  arg lang added (optional)',
  '  non-breaking  GET /oembed/1.0/proxy  arg format: enum values added: "yaml"',
];

/** What every deployment sees from base to now, in the report's order (by route). */
const SINCE_BASE = [
  '  non-breaking  GET /nps-survey/v1/ping  route added',
  '  breaking      POST /nps-survey/v1/rating  arg comment removed',
  '  breaking      GET /oembed/1.0/embed  response field thumbnail_url removed (shape oembed-data)',
  '  non-breaking  GET /oembed/1.0/proxy  arg lang added (optional)',
  '  non-breaking  GET /oembed/1.0/proxy  arg format: enum values added: "yaml"',
];
/** tmpl-library/v1 is served by studio only. */
const NARROWED = '  breaking      GET /tmpl-library/v1/conditions  arg template_id: type string|integer -> string (narrowed)';

describe('specpress diff <git-ref>', () => {
  it('exits 0 when the spec is as it was at the ref', async () => {
    const r = await diff('HEAD');
    expect(r.code).toBe(EXIT_NO_CHANGE);
    expect(r.out.slice(0, 3)).toEqual(['blog: no change', 'forms: no change', 'studio: no change']);
    expect(r.out[3]).toMatch(/^no change from HEAD \([0-9a-f]{12}\) to the working tree$/);
  });

  it('exits 2 when every change is an addition: a route, an optional arg, an enum value', async () => {
    const r = await diff('breaking');
    expect(r.code, r.err.join('\n')).toBe(EXIT_CHANGES);
    expect(r.out).toEqual([
      'blog: 3 changes, 0 breaking', ...ADDITIONS,
      'forms: 3 changes, 0 breaking', ...ADDITIONS,
      'studio: 3 changes, 0 breaking', ...ADDITIONS,
      expect.stringMatching(/^9 changes from breaking \([0-9a-f]{12}\) to the working tree, 0 breaking$/),
    ]);
  });

  it('exits 3 on a removed arg, a narrowed type and a removed answer field, each classed breaking', async () => {
    const r = await diff('base');
    expect(r.code, r.err.join('\n')).toBe(EXIT_BREAKING);
    expect(r.out).toEqual([
      'blog: 5 changes, 2 breaking', ...SINCE_BASE,
      'forms: 5 changes, 2 breaking', ...SINCE_BASE,
      'studio: 6 changes, 3 breaking', ...SINCE_BASE, NARROWED,
      expect.stringMatching(/^16 changes from base \([0-9a-f]{12}\) to the working tree, 7 breaking$/),
    ]);
  });

  it('--deployment limits the report (and the exit code) to the deployments named', async () => {
    const blog = await diff('base', { deployment: ['blog'] });
    expect(blog.code).toBe(EXIT_BREAKING);
    expect(blog.out).toEqual(['blog: 5 changes, 2 breaking', ...SINCE_BASE, expect.stringMatching(/^5 changes from base .*, 2 breaking$/)]);
    const unknown = await diff('base', { deployment: ['blog', 'shop'] });
    expect(unknown.code).toBe(EXIT_ERROR);
    expect(unknown.err).toEqual(['diff failed: no deployment shop at the ref nor now; known: blog, forms, studio']);
  });

  it('--format json: the report for tools, each change with its class, kind, place and values', async () => {
    const r = await diff('base', { format: 'json' });
    expect(r.code).toBe(EXIT_BREAKING);
    const report = JSON.parse(r.out.join('\n'));
    expect(report.from).toEqual({ ref: 'base', commit: git('rev-parse', 'base').trim() });
    expect(report).toMatchObject({ to: 'working tree', spec: 'spec', summary: { changes: 16, breaking: 7, nonBreaking: 9 } });
    expect(report.deployments.map((d: { name: string; status: string }) => [d.name, d.status])).toEqual([['blog', 'compared'], ['forms', 'compared'], ['studio', 'compared']]);
    const studio = report.deployments[2];
    expect(studio).toMatchObject({ breaking: 3, nonBreaking: 3 });
    expect(studio.changes.find((c: { subject?: string }) => c.subject === 'template_id')).toEqual({
      class: 'breaking',
      kind: 'arg-changed',
      route: '/tmpl-library/v1/conditions',
      methods: ['GET'],
      subject: 'template_id',
      aspect: 'type',
      effect: 'narrowed',
      from: ['string', 'integer'],
      to: 'string',
      message: 'arg template_id: type string|integer -> string (narrowed)',
    });
    expect(studio.changes.find((c: { kind: string }) => c.kind === 'response-field-removed')).toEqual({
      class: 'breaking',
      kind: 'response-field-removed',
      route: '/oembed/1.0/embed',
      methods: ['GET'],
      subject: 'thumbnail_url',
      response: 'shape oembed-data',
      message: 'response field thumbnail_url removed (shape oembed-data)',
    });
    expect(studio.changes.find((c: { kind: string }) => c.kind === 'route-added')).toEqual({
      class: 'non-breaking', kind: 'route-added', route: '/nps-survey/v1/ping', methods: ['GET'], message: 'route added',
    });
  });

  it('exits 1 on a ref that names no commit, saying what it expected', async () => {
    const r = await diff('no-such-branch');
    expect(r.code).toBe(EXIT_ERROR);
    expect(r.out).toEqual(['']);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^diff failed: `no-such-branch` is not an http\(s\) URL, an existing file, nor a commit of the git repository at .+; give a branch, a tag, a commit hash or a form such as HEAD~1$/);
  });

  it('exits 1 when the spec at the ref is invalid, printing its diagnostics under the ref', async () => {
    const r = await diff('broken');
    expect(r.code).toBe(EXIT_ERROR);
    expect(r.err.some((l) => /^broken:spec\/namespaces\/nps-survey-v1\.yaml:\d+:\d+ error SP001: YAML syntax error/.test(l)), r.err.join('\n')).toBe(true);
    expect(r.err.at(-1)).toMatch(/^diff failed: the spec at `broken` has \d+ error\(s\) under the current generator; nothing compared$/);
  });

  it('an existing file is a discovery document: the site comparison, in text only', async () => {
    const site = join(dir, 'discovery.json');
    const routes = { '/nps-survey/v1/ping': { namespace: 'nps-survey/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] } };
    await writeFile(site, JSON.stringify({ name: 'Site', namespaces: ['nps-survey/v1'], routes }));
    const r = await diff(site, { deployment: ['blog'] });
    expect(r.code).toBe(2);
    expect(r.out).toEqual([
      'only-spec     /nps-survey/v1  route in the spec, not served by the site',
      'only-spec     /nps-survey/v1/rating  route in the spec, not served by the site',
      'only-spec     /nps-survey/v1/dismiss-nps-survey  route in the spec, not served by the site',
      `3 difference(s) between ${site} and deployment blog`,
    ]);
    const json = await diff(site, { format: 'json' });
    expect(json.code).toBe(EXIT_ERROR);
    expect(json.err).toEqual(['diff failed: --format json reports the changes since a git ref; a site is compared in text']);
  });

  it('one diff command for sites and git refs, its help naming the exit codes', () => {
    const program = new Command('specpress');
    program.command('generate');
    registerImport(program);
    registerDiff(program);
    expect(program.commands.map((c) => c.name())).toEqual(['generate', 'import', 'diff']);
    let printed = '';
    program.commands[2].configureOutput({ writeOut: (s) => (printed += s) }).outputHelp();
    expect(printed).toContain('--format <format>');
    expect(printed.replace(/\s+/g, ' ')).toContain('Exit codes: 0 no change, 1 error (bad ref, spec invalid at the ref or now), 2 changes but none breaking, 3 breaking changes.');
    expect(printed).not.toContain('default: []');
  });
});

describe('classing a change as a client sees it', () => {
  /** `aspect class` of each constraint that moved between two versions of a descriptor. */
  const classes = (before: ArgSchema, after: ArgSchema, side: Side): string[] =>
    compareDescriptor(before, after, side, 'x').map((d) => {
      if (d.delta !== 'constraint') throw new Error(`expected a constraint, got ${d.delta} ${d.path}`);
      const kind = side === 'request' ? 'arg-changed' : 'response-field-changed';
      return `${d.aspect} ${classify({ kind, route: '/r', methods: ['GET'], subject: d.path, aspect: d.aspect, effect: d.effect })}`;
    });

  it('a number arg taking integers only is narrowed (breaking); an answer field doing so is not', () => {
    expect(classes({ type: 'number' }, { type: 'integer' }, 'request')).toEqual(['type breaking']);
    expect(classes({ type: 'number' }, { type: 'integer' }, 'response')).toEqual(['type non-breaking']);
    expect(classes({ type: 'string' }, { type: ['string', 'null'] }, 'response')).toEqual(['type breaking']);
    expect(classes({ type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b'] }, 'response')).toEqual(['enum breaking']);
  });

  it('bounds, required, defaults and formats of args', () => {
    expect(classes({ type: 'integer', maximum: 100 }, { type: 'integer', maximum: 50 }, 'request')).toEqual(['maximum breaking']);
    expect(classes({ type: 'integer', minimum: 1 }, { type: 'integer' }, 'request')).toEqual(['minimum non-breaking']);
    expect(classes({ type: 'string' }, { type: 'string', required: true }, 'request')).toEqual(['required breaking']);
    expect(classes({ type: 'string', default: 'a' }, { type: 'string', default: 'b' }, 'request')).toEqual(['default breaking']);
    expect(classes({ type: 'string', format: 'uri' }, { type: 'string' }, 'request')).toEqual(['format non-breaking']);
    expect(classes({ type: 'string', format: 'uri' }, { type: 'string', format: 'email' }, 'request')).toEqual(['format breaking']);
  });

  it('a required arg added is breaking, an optional one is not', () => {
    expect(classify({ kind: 'arg-added', route: '/r', methods: ['POST'], subject: 'x', required: true })).toBe('breaking');
    expect(classify({ kind: 'arg-added', route: '/r', methods: ['POST'], subject: 'x', required: false })).toBe('non-breaking');
  });

  it('an answer field leaving a context is a removal there; nested fields and list items are compared by path', () => {
    const before: ArgSchema = { type: 'object', properties: { title: { type: 'object', context: ['view', 'embed'], properties: { raw: { type: 'string' } } }, tags: { type: 'array', items: { type: 'integer' } } } };
    const after: ArgSchema = { type: 'object', properties: { title: { type: 'object', context: ['view'], properties: {} }, tags: { type: 'array', items: { type: 'string' } } } };
    expect(compareDescriptor(before, after, 'response')).toEqual([
      { delta: 'removed', path: 'title', contexts: ['embed'] },
      { delta: 'removed', path: 'title.raw' },
      { delta: 'constraint', path: 'tags[]', aspect: 'type', effect: 'changed', from: 'integer', to: 'string' },
    ]);
  });

  it('a deployment or an alias gone is one breaking change, not one per route', () => {
    const studio = { name: 'studio', aliases: [{ from: 'core/v2', to: 'wp/v2' }], routes: [] } as unknown as DeploymentModel;
    expect(classifyDeployment(compareDeployment('studio', studio, undefined))).toMatchObject({ status: 'removed', breaking: 1, changes: [{ kind: 'deployment-removed', route: '' }] });
    const changes = classifyDeployment(compareDeployment('studio', studio, { ...studio, aliases: [] })).changes;
    expect(changes).toEqual([{ class: 'breaking', kind: 'alias-removed', route: '/wp/v2', methods: [], subject: 'core/v2' }]);
  });
});
