/**
 * The cuts format.ts formats pieces at (generator/top-level-pieces.ts): after top-level
 * statements only, never inside a string, a template, a comment or a block; none for a file that
 * does not parse.
 */
import { describe, expect, it } from 'vitest';
import { topLevelPieces } from '../../generator/top-level-pieces.ts';

describe('top-level pieces', () => {
  it('are cut after statements, never inside a template, a comment, a block or a string', () => {
    const pieces = [
      'const page = `<p>\n\n${[1].map((i) => `<b>${i}\n\n</b>`)}\n\nconst inside = 1;\n`;',
      '/* a comment\n\n   with a blank line */\nconst slash = /[\'"`{(]/g.test(page) ? 4 / 2 : 1;',
      'function f(a: number) {\n  const b = a;\n\n  return { b,\n\n  };\n}',
      "const quote = 'it\\'s { here';",
    ];
    expect(topLevelPieces(pieces.join('\n\n'))).toEqual(pieces);
  });

  it('keep a statement with a comment trailing on its line together with the next', () => {
    expect(topLevelPieces('const trailing = 1; // a comment ends this line\n\nconst next = 2;\n')).toEqual(['const trailing = 1; // a comment ends this line\n\nconst next = 2;']);
  });

  it('are none for a file that does not parse', () => {
    expect(topLevelPieces('const a = `open;\n\nconst b = 1;\n')).toBeUndefined();
    expect(topLevelPieces('function f() {\n\nconst b = 1;\n')).toBeUndefined();
  });
});
