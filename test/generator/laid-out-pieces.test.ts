/**
 * Pieces an emitter marks laid out skip prettier (format.ts): the case tables under
 * `prettier-ignore` (ts-source.ts), the type declarations written whole (emit/types.ts),
 * json-schema-to-typescript's declarations laid out by type-layout.ts, the clients
 * (emit/client.ts) and the handler skeletons (emit/handlers.ts). Each such piece of the real
 * spec's files, and of random schemas, must be what prettier makes of it alone, and most must be
 * marked, or the formatter would do the work again.
 */
import { compile } from 'json-schema-to-typescript';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from '../../generator/emit/emitted-file.ts';
import { emitClient, methodLines } from '../../generator/emit/client.ts';
import { emitContractTests } from '../../generator/emit/contract-tests.ts';
import { emitDeployment } from '../../generator/emit/deployment.ts';
import { emitRoutes } from '../../generator/emit/routes.ts';
import { emitDocs } from '../../generator/emit/docs.ts';
import { withAlignedTables } from '../../generator/emit/markdown-layout.ts';
import { customOperations, emitHandlers } from '../../generator/emit/handlers.ts';
import { smallModel } from './fixtures/small-model.ts';
import { emitPermissionTests } from '../../generator/emit/permission-tests.ts';
import { emitOtherObjectTests } from '../../generator/emit/other-object-tests.ts';
import { NotLaidOut } from '../../generator/emit/literal-layout.ts';
import { layOutDeclaration } from '../../generator/emit/type-layout.ts';
import { layOutAlias } from '../../generator/emit/alias-layout.ts';
import { asTypeAlias, emitSharedTypes, emitTypes, oneLineDocs, SCHEMA_TYPE_OPTIONS } from '../../generator/emit/types.ts';
import { PRETTIER_OPTIONS, TS_PARSER } from '../../generator/format-options.ts';
import { loadSpec } from '../../generator/spec/load.ts';

const prettierOf = (text: string): Promise<string> => prettier.format(text, { ...PRETTIER_OPTIONS, parser: TS_PARSER });

let model: SpecModel;
beforeAll(async () => {
  const loaded = await loadSpec(new URL('../../spec', import.meta.url).pathname);
  model = loaded.model!;
});

/** Every laid-out piece of the files, checked against prettier; how many there were. */
async function expectLaidOutAsPrettier(files: EmittedFile[]): Promise<number> {
  let checked = 0;
  for (const file of files) {
    for (const [i, piece] of (file.pieces ?? []).entries()) {
      if (file.laidOut?.[i] !== true) continue;
      expect(await prettierOf(piece), `${file.path}, piece ${i}`).toBe(`${piece.trimEnd()}\n`);
      checked++;
    }
  }
  return checked;
}

describe('pieces marked laid out', () => {
  it('of each deployment\'s route list and settings are as prettier formats them (the files skip the formatter)', async () => {
    const identifier = (text: string): string => `_${text.replace(/\W+/g, '_')}`;
    const context = { validatorName: () => 'v', argsName: () => 'a', routeName: (_d: string, path: string) => identifier(path), dataName: (_d: string, kind: string, key: string) => identifier(`${kind} ${key}`) };
    for (const deployment of model.deployments) {
      for (const file of [...emitRoutes(deployment, context), ...emitDeployment(deployment, context)]) {
        expect(file.preformatted, file.path).toBe(true);
        expect(await prettierOf(file.content), file.path).toBe(file.content);
      }
    }
  }, 120_000);

  it('of the test suites are as prettier formats them (the files skip the formatter), tables as it leaves them', async () => {
    for (const deployment of model.deployments) {
      const files = [...emitContractTests(deployment), ...emitPermissionTests(deployment), ...emitOtherObjectTests(deployment)];
      expect(files.length).toBeGreaterThanOrEqual(3);
      for (const file of files) {
        expect(file.preformatted, file.path).toBe(true);
        expect(await prettierOf(file.content), file.path).toBe(file.content);
      }
    }
  }, 120_000);

  it('of the types written whole are as prettier formats them, long aliases broken as it breaks them', async () => {
    const files = [...(await Promise.all(model.deployments.map(emitTypes))).flat(), ...(await emitSharedTypes(model, customOperations(model).map((op) => op.endpoint.operationId)))];
    expect(await expectLaidOutAsPrettier(files)).toBeGreaterThan(500);
    // Every alias types.ts writes itself is laid out, those too long for a line among them.
    const own = files.flatMap((f) => (f.pieces ?? []).map((piece, i) => ({ piece, laid: f.laidOut?.[i] === true })).filter(({ piece }) => /^export type \w+(Args|Result|Input) = (\w+ &|\w+;|\w+ \| \w+;|Record<)|^export type \w+ =$/m.test(piece)));
    expect(own.filter(({ laid }) => !laid).map(({ piece }) => piece)).toEqual([]);
    expect(own.filter(({ piece }) => /^export type \w+ =$|&\n {4}Required<|^ {2}Required<$/m.test(piece)).length).toBeGreaterThan(10);
  }, 300_000);
});

/** A seeded generator of numbers in [0, 1): the same cases every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const WORDS = ['id', 'title', 'raw', 'rendered', 'status', 'meta', 'a-b', 'x y', '24', 'café', 'items', 'value_2'];
const TEXTS = ['One line.', 'Two lines:\nthe second.', 'Wide: ’quotes’ and é.', `A long one ${'word '.repeat(30)}`, 'Has */ inside? No: has * and /.'];

/** A random schema of the kinds the spec's shapes and params take. */
function randomSchema(next: () => number, depth: number): Record<string, unknown> {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const described = (schema: Record<string, unknown>): Record<string, unknown> => (next() < 0.5 ? { ...schema, description: pick(TEXTS) } : schema);
  const kind = depth <= 0 ? pick(['string', 'number', 'enum', 'null']) : pick(['string', 'integer', 'boolean', 'enum', 'array', 'object', 'object', 'oneOf', 'nullable', 'map']);
  switch (kind) {
    case 'enum':
      return described({ type: 'string', enum: Array.from({ length: 1 + Math.floor(next() * 14) }, (_, i) => `${pick(WORDS)}-${i}`) });
    case 'array':
      return described({ type: 'array', items: randomSchema(next, depth - 1) });
    case 'object':
      return described(randomObject(next, depth - 1));
    case 'oneOf':
      return described({ oneOf: [randomSchema(next, 0), randomObject(next, depth - 1)] });
    case 'nullable':
      return described({ anyOf: [randomObject(next, depth - 1), { type: 'null' }] });
    case 'map':
      return described({ type: 'object', additionalProperties: randomSchema(next, depth - 1) });
    default:
      return described({ type: kind });
  }
}

function randomObject(next: () => number, depth: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const count = Math.floor(next() * 5);
  for (let i = 0; i < count; i++) properties[`${WORDS[Math.floor(next() * WORDS.length)]}${i}`] = randomSchema(next, depth);
  const keys = Object.keys(properties);
  return { type: 'object', properties, required: keys.filter(() => next() < 0.4), additionalProperties: next() < 0.3 };
}

describe('clients laid out', () => {
  it('are as prettier formats them, every piece of every deployment', async () => {
    for (const deployment of model.deployments) {
      const [client] = emitClient(deployment);
      expect(client!.laidOut?.every(Boolean), deployment.name).toBe(true);
      expect(await expectLaidOutAsPrettier([client!])).toBe(client!.pieces!.length);
    }
  }, 120_000);

  it('lay a method out as prettier does, whatever the lengths of its names and path', async () => {
    const next = random(17);
    const word = (length: number): string => Array.from({ length }, () => 'abcdefghij'[Math.floor(next() * 10)]).join('');
    for (let i = 0; i < 300; i++) {
      const name = word(2 + Math.floor(next() * 50));
      const params = [`args: T.${word(3 + Math.floor(next() * 50))}${next() < 0.5 ? ' = {}' : ''}`, 'init?: CallOptions'];
      const result = `T.${word(3 + Math.floor(next() * 50))}`;
      const path = `'/${word(Math.floor(next() * 40))}'`;
      const paged = next() < 0.3;
      const callee = paged ? `collectAll<ItemOf<${result}>>` : `call<${result}>`;
      const args = paged ? ['options', path, 'args', 'init'] : ['options', "'GET'", path, 'args', 'init'];
      const wrap = (lines: string[]): string => `const c = {\n  a: {\n    b: {\n${lines.join('\n')}\n    },\n  },\n};\n`;
      const plain = wrap(methodLines('      ', name, params, callee, args, { plain: true }));
      expect(wrap(methodLines('      ', name, params, callee, args, { plain: false })), plain).toBe(await prettierOf(plain));
    }
  }, 120_000);
});

describe('handler skeletons laid out', () => {
  it('are as prettier formats them, for the real spec and for operations of random names', async () => {
    const real = emitHandlers(model);
    expect(await expectLaidOutAsPrettier(real)).toBeGreaterThan(real.length * 2);
    const small = smallModel();
    const next = random(23);
    const word = (length: number): string => Array.from({ length }, () => 'abcdefghij'[Math.floor(next() * 10)]).join('');
    const posts = small.deployments[0]!.routes.find((r) => r.path === '/core/v2/posts')!;
    for (let i = 0; i < 120; i++) {
      const description = next() < 0.5 ? undefined : `Does ${word(1 + Math.floor(next() * 120))}.${next() < 0.3 ? `\nAnd then ${word(5)}.` : ''}`;
      // Names up to 75 characters: every way prettier breaks the declaration, and lines it cannot break.
      posts.endpoints.push({ operationId: `op${word(2 + Math.floor(next() * 70))}${i}`, methods: ['POST'], argsMode: 'declared', args: {}, allowBatch: false, permission: { kind: 'public' }, handler: 'custom', ...(description && { description }) });
    }
    const files = emitHandlers(small);
    const marked = files.flatMap((f) => f.laidOut ?? []).filter(Boolean).length;
    const pieces = files.flatMap((f) => f.pieces ?? []).length;
    expect(await expectLaidOutAsPrettier(files)).toBe(marked);
    // Most are laid out, in each of the ways prettier breaks a declaration; those with a line it
    // would break further (a long name in the body's call) are left to it.
    expect(marked).toBeGreaterThan(pieces / 2);
    expect(marked).toBeLessThan(pieces);
    const laid = files.flatMap((f) => (f.pieces ?? []).filter((_piece, i) => f.laidOut?.[i]));
    for (const broken of [/> => \{\n/, /^  ctx,$/m, /: Handler<\n/, /^> = async \(ctx\)/m, /^> = async \($/m]) expect(laid.filter((piece) => broken.test(piece)).length, String(broken)).toBeGreaterThan(3);
  }, 300_000);
});

describe('json-schema-to-typescript declarations laid out', () => {
  it('are as prettier formats them, on random schemas; what is not laid out is refused, never wrong', async () => {
    const next = random(71);
    let laidOut = 0;
    let roots = 0;
    // Keys prettier keeps quoted: numbers.
    const FORMS: Array<[string, RegExp]> = [['a number as a key', /^ +'\d+'\??: /m]];
    const forms = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      // Every fifth a union at the root (a deleted item: an object beside a name, or beside null).
      const root = i % 5 === 4 ? { oneOf: [randomObject(next, 2), ...(next() < 0.5 ? [{ type: 'null' }] : [{ tsType: 'Trashed' }, randomObject(next, 1)].slice(0, 1 + Math.floor(next() * 2)))] } : randomObject(next, 3);
      const schema = { description: 'The shape.', ...root };
      const compiled = oneLineDocs(await compile(schema as never, `Shape${i}`, SCHEMA_TYPE_OPTIONS));
      for (const text of i % 2 === 0 ? [compiled] : [asTypeAlias(compiled)]) {
        let laid: string;
        try {
          laid = layOutDeclaration(text);
        } catch (error) {
          if (error instanceof NotLaidOut) continue;
          throw error;
        }
        expect(`${laid}\n`, text).toBe(await prettierOf(text));
        laidOut++;
        if (/^export type \w+ =\n {2}\| |^export type \w+ = \{$/m.test(laid) && i % 5 === 4) roots++;
        for (const [form, pattern] of FORMS) if (pattern.test(laid)) forms.set(form, (forms.get(form) ?? 0) + 1);
      }
    }
    expect(laidOut).toBeGreaterThan(100);
    expect(roots).toBeGreaterThan(10);
    expect(forms.get('a number as a key') ?? 0).toBeGreaterThan(2);
  }, 300_000);
});

describe('long members of json-schema-to-typescript declarations laid out', () => {
  it('lists of unions, lists of unions of objects and unions within unions, as prettier lays them out', async () => {
    const next = random(211);
    const word = (max: number): string => Array.from({ length: 1 + Math.floor(next() * max) }, () => 'abcdefghij'[Math.floor(next() * 10)]).join('');
    const object = (): Record<string, unknown> => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 3) }, () => [word(12), { type: next() < 0.5 ? 'string' : 'integer', ...(next() < 0.4 && { description: 'A field.' }) }])), additionalProperties: false });
    const kinds: Array<[RegExp, () => Record<string, unknown>]> = [
      [/\?: \($\n +'[^|]*'(?: \| '[^|]*')+$/m, () => ({ type: 'array', items: { type: 'string', enum: Array.from({ length: 2 + Math.floor(next() * 5) }, () => word(16)) } })],
      [/\?: \($\n +\| '/m, () => ({ type: 'array', items: { type: 'string', enum: Array.from({ length: 6 + Math.floor(next() * 10) }, () => word(14)) } })],
      [/\?: \($\n +\| \{$/m, () => ({ type: 'array', items: { oneOf: [object(), object(), ...(next() < 0.5 ? [{ type: 'string' }] : [])] } })],
      [/: \w+(\[\])? \| \(/m, () => ({ oneOf: [{ type: 'string' }, { oneOf: [{ type: 'array', items: {} }, { type: 'string', enum: [word(6), word(6)] }] }] })],
    ];
    const seen = kinds.map(() => 0);
    for (let i = 0; i < 240; i++) {
      const kind = i % kinds.length;
      const schema = { type: 'object', properties: { [word(40)]: kinds[kind]![1](), other: { type: 'string' } }, additionalProperties: false };
      const compiled = oneLineDocs(await compile(schema as never, `Shape${i}`, SCHEMA_TYPE_OPTIONS));
      let laid: string;
      try {
        laid = layOutDeclaration(compiled);
      } catch (error) {
        if (error instanceof NotLaidOut) continue;
        throw error;
      }
      expect(`${laid}\n`, compiled).toBe(await prettierOf(compiled));
      if (kinds[kind]![0].test(laid)) seen[kind]!++;
    }
    for (const [n, count] of seen.entries()) expect(count, String(kinds[n]![0])).toBeGreaterThan(5);
  }, 300_000);
});

describe("the aliases types.ts writes itself laid out", () => {
  it('are as prettier formats them, in each form, over random names and keys; what is not laid out is left to prettier', async () => {
    const next = random(97);
    const name = (max: number): string => `N${Array.from({ length: 1 + Math.floor(next() * max) }, () => 'abcdefghij'[Math.floor(next() * 10)]).join('')}`;
    const key = (): string => `'${name(12).slice(1)}'`;
    const forms: Array<() => string> = [
      () => name(70),
      () => `${name(70)}[]`,
      () => Array.from({ length: 2 + Math.floor(next() * 4) }, () => name(40)).join(' | '),
      () => `Record<string, ${name(70)}>`,
      () => {
        const input = name(80);
        return `${input} & Required<Pick<${input}, ${Array.from({ length: 1 + Math.floor(next() * 12) }, key).join(' | ')}>>`;
      },
    ];
    const laid = forms.map(() => 0);
    const kept = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const form = i % forms.length;
      const code = `export type ${name(70)} = ${forms[form]!()};`;
      const out = layOutAlias(code);
      if (out === undefined) continue;
      expect(`${out}\n`, code).toBe(await prettierOf(code));
      laid[form]!++;
      for (const line of out.split('\n')) kept.add(line.replace(/N[a-j]+/g, 'N').replace(/'[a-j]+'/g, "'k'"));
    }
    // Each form is laid out often, and every way of breaking one is met.
    for (const count of laid) expect(count).toBeGreaterThan(40);
    for (const line of ['export type N =', '  | N', '  N &', '    Required<', '      Pick<', 'export type N = Record<', '  string,']) expect([...kept], line).toContain(line);
    // The keys on a line of their own, and one a line.
    for (const keys of [/^ {6,}'k'( \| 'k')+$/, /^ {6,}\| 'k'$/]) expect([...kept].some((line) => keys.test(line)), String(keys)).toBe(true);
    // A form it does not know, or a line still too long, is refused.
    expect(layOutAlias(`export type ${'A'.repeat(99)} = B | C;`)).toBeUndefined();
    expect(layOutAlias(`export type A = { a: string; b: ${'B'.repeat(90)} };`)).toBeUndefined();
  }, 300_000);
});

describe('README tables laid out', () => {
  const markdownOf = (text: string): Promise<string> => prettier.format(text, { ...PRETTIER_OPTIONS, parser: 'markdown' });

  it('every deployment\'s README is as prettier formats it, and skips the formatter', async () => {
    for (const deployment of model.deployments) {
      const [readme] = emitDocs(deployment);
      expect(readme!.preformatted, deployment.name).toBe(true);
      expect(await markdownOf(readme!.content), deployment.name).toBe(readme!.content);
    }
    // Prose Markdown would read otherwise goes to prettier.
    const [marked] = emitDocs({ ...model.deployments[0]!, description: 'Posts *and* pages.' });
    expect(marked!.preformatted).toBeUndefined();
  });

  it('aligns tables of random cells as prettier does; a cell it does not know refuses the document', async () => {
    const next = random(131);
    const word = (max: number): string => Array.from({ length: 1 + Math.floor(next() * max) }, () => 'abcdefghij -./'[Math.floor(next() * 14)]).join('').trim().replace(/ +/g, ' ') || 'x';
    const cell = (): string => [() => word(30), () => `\`${word(20)}\``, () => String(Math.floor(next() * 1000)), () => `[${word(10)}](a/b.html#${word(8).replace(/\W/g, '')})`][Math.floor(next() * 4)]!();
    for (let i = 0; i < 150; i++) {
      const columns = 1 + Math.floor(next() * 4);
      const row = (): string => `| ${Array.from({ length: columns }, cell).join(' | ')} |`;
      const table = [row(), `|${'---|'.repeat(columns)}`, ...Array.from({ length: Math.floor(next() * 6) }, row)].join('\n');
      const text = `# Title\n\nSome words.\n\n${table}\n\nMore words.\n`;
      expect(withAlignedTables(text), text).toBe(await markdownOf(text));
    }
    expect(withAlignedTables('| a | b |\n|---|---|\n| café | 1 |\n')).toBeUndefined();
    expect(withAlignedTables('| a | b |\n|---|---|\n| a \\| b | 1 |\n')).toBeUndefined();
    expect(withAlignedTables('| a | b |\n|---|---|\n| a  b | 1 |\n')).toBeUndefined();
  });
});
