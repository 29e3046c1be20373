import { describe, expect, it } from 'vitest';
import { PreserveError, appendOrphans, fillRegions, mergeHandlers, parseRegions } from '../../generator/preserve.ts';

const skeleton = [
  '// #region specpress:imports',
  '// #endregion specpress:imports',
  'export const a = async () => {',
  '  // #region specpress:a',
  '  throw new Error();',
  '  // #endregion specpress:a',
  '};',
  '',
].join('\n');

describe('preserved regions', () => {
  it('reads each region inner text exactly', () => {
    const regions = parseRegions(skeleton, 'x.ts');
    expect(regions.get('a')).toBe('  throw new Error();\n');
    expect(regions.get('imports')).toBe('');
  });

  it('refuses a region without its end marker', () => {
    expect(() => parseRegions('// #region specpress:a\nbody\n', 'x.ts')).toThrow(PreserveError);
  });

  it('puts bodies back byte for byte, whitespace included', () => {
    const body = '\t return   1;  \n\n';
    const filled = fillRegions(skeleton, new Map([['a', body]]));
    expect(parseRegions(filled, 'x.ts').get('a')).toBe(body);
    expect(filled).toContain(`  // #region specpress:a\n${body}  // #endregion specpress:a\n};`);
  });

  it('carries a body to the new id named by renamedFrom', () => {
    const old = skeleton.replace(/specpress:a/g, 'specpress:old').replace('throw new Error();', 'return 42;');
    const result = mergeHandlers([{ path: 'handlers/n/g.ts', content: skeleton }], new Map([['handlers/n/g.ts', old]]), new Map([['a', ['old']]]));
    expect(result.orphans).toEqual([]);
    expect(parseRegions(result.files[0].content, 'x').get('a')).toBe('  return 42;\n');
  });

  it('reports a region whose operation is gone as an orphan', () => {
    const gone = skeleton.replace(/specpress:a/g, 'specpress:gone');
    const result = mergeHandlers([{ path: 'handlers/n/g.ts', content: skeleton }], new Map([['handlers/n/g.ts', gone]]), new Map());
    expect(result.orphans.map((o) => [o.operationId, o.file])).toEqual([['gone', 'handlers/n/g.ts']]);
    expect(appendOrphans(undefined, result.orphans)).toContain('// #region specpress-orphan:gone\n  throw new Error();\n');
  });
});

describe('orphans file', () => {
  it('keeps what it held and names a twice-orphaned id apart', () => {
    const orphan = { operationId: 'gone', file: 'handlers/n/g.ts', body: '  return 1;\n' };
    const once = appendOrphans(undefined, [orphan]);
    const twice = appendOrphans(once, [{ ...orphan, body: '  return 2;\n' }]);
    expect(twice.startsWith(once)).toBe(true);
    expect(twice).toContain('export async function gone_2(ctx) {\n  // #region specpress-orphan:gone_2\n  return 2;\n');
  });
});

describe('removed operations', () => {
  it('drop a region that still holds the default body, with nothing to report', () => {
    const untouched = skeleton.replace(/specpress:a/g, 'specpress:gone').replace('throw new Error();', "throw restError('rest_not_implemented', ['gone']);");
    const result = mergeHandlers([{ path: 'handlers/n/g.ts', content: skeleton }], new Map([['handlers/n/g.ts', untouched]]), new Map());
    expect(result.orphans).toEqual([]);
  });
});
