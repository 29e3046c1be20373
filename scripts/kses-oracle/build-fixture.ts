/**
 * Writes the kses corpus, runs real WordPress 6.8's wp_kses_post, wp_kses_data and wp_kses in the
 * pre_term_description context over it inside
 * the oracle's root filesystem, and saves inputs and outputs as the fixture
 * test/content/kses-differential.test.ts compares this project's filter with.
 *
 *   npx tsx scripts/kses-oracle/build-fixture.ts          (as root: it uses chroot)
 *
 * KSES_ORACLE_ROOTFS names the root filesystem (default /tmp/wp-oracle-68/rootfs, where the
 * oracle's start-wordpress-6.8.sh builds it). See README.md beside this file.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { editorEscaped, randomInputs, systematicInputs } from './corpus-generated.ts';
import { ISSUE_VECTORS, PARSER_ODDITIES, XSS_VECTORS } from './corpus-vectors.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, '../../test/fixtures/kses/wordpress-6.8.json.gz');
const rootfs = process.env.KSES_ORACLE_ROOTFS ?? '/tmp/wp-oracle-68/rootfs';
const RANDOM_COUNT = 5000;
const SEED = 20250611;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Each hand-written input also inside a block attribute, a comment and a paragraph. */
function wrapped(inputs: string[]): string[] {
  return inputs.flatMap((input) => [
    input,
    `<!-- wp:paragraph ${JSON.stringify({ content: input })} -->\n<p>x</p>\n<!-- /wp:paragraph -->`,
    `<!-- wp:paragraph ${editorEscaped(JSON.stringify({ content: input, [input]: [input] }))} /-->`,
    `<!-- ${input} -->`,
    `<p>${input}</p>\n`,
  ]);
}

function corpus(): string[] {
  const all = [...wrapped([...ISSUE_VECTORS, ...XSS_VECTORS, ...PARSER_ODDITIES]), ...systematicInputs(), ...randomInputs(RANDOM_COUNT, SEED)];
  // PHP reads the corpus as UTF-8: an input with a lone surrogate could not reach WordPress.
  return [...new Set(all)].filter((input) => !LONE_SURROGATE.test(input));
}

const inputs = corpus();
const work = '/tmp/kses-oracle';
mkdirSync(join(rootfs, work), { recursive: true });
writeFileSync(join(rootfs, work, 'corpus.json'), JSON.stringify(inputs));
copyFileSync(join(here, 'kses-oracle.php'), join(rootfs, work, 'kses-oracle.php'));
execFileSync('chroot', [rootfs, 'php', '-d', 'memory_limit=1G', `${work}/kses-oracle.php`, `${work}/corpus.json`, `${work}/outputs.json`], { stdio: 'inherit' });
const { meta, outputs } = JSON.parse(readFileSync(join(rootfs, work, 'outputs.json'), 'utf8')) as {
  meta: { wordpress: string; uploadsUrl: string };
  outputs: ([string, string, string] | { error: string })[];
};
rmSync(join(rootfs, work), { recursive: true, force: true });
if (outputs.length !== inputs.length) throw new Error(`WordPress answered ${outputs.length} of ${inputs.length} inputs`);

const cases = inputs.map((input, i) => {
  const out = outputs[i];
  return Array.isArray(out) ? { input, post: out[0], data: out[1], description: out[2] } : { input, error: out.error };
});
mkdirSync(dirname(fixture), { recursive: true });
writeFileSync(fixture, gzipSync(JSON.stringify({ wordpress: meta.wordpress, uploadsUrl: meta.uploadsUrl, cases }), { level: 9 }));
const failed = cases.filter((c) => 'error' in c).length;
console.log(`${cases.length} inputs, ${failed} on which WordPress fails, written to ${fixture}`);
