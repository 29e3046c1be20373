/**
 * The kses filter against real WordPress 6.8: every input of the fixture (written by
 * scripts/kses-oracle/build-fixture.ts from WordPress's own wp_kses_post, wp_kses_data and wp_kses
 * in the pre_term_description context) must come out of filterPostHtml, filterTitleHtml and
 * filterDescriptionHtml exactly as it came out of WordPress. The only inputs skipped are those
 * listed, with their reason, in test/fixtures/kses/KEPT-DIFFERENCES.md.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { filterDescriptionHtml, filterPostHtml, filterTitleHtml } from '../../runtime/content/kses.ts';

interface Case {
  input: string;
  post?: string;
  data?: string;
  description?: string;
  /** WordPress itself failed on this input (a PHP error). */
  error?: string;
}

const dir = new URL('../fixtures/kses/', import.meta.url);
const fixture = JSON.parse(gunzipSync(readFileSync(new URL('wordpress-6.8.json.gz', dir))).toString('utf8')) as {
  wordpress: string;
  uploadsUrl: string;
  cases: Case[];
};

/** The inputs of KEPT-DIFFERENCES.md: each in a ```json block holding a JSON string. */
function keptInputs(): Set<string> {
  const text = readFileSync(new URL('KEPT-DIFFERENCES.md', dir), 'utf8');
  return new Set([...text.matchAll(/```json\n(.*)\n```/g)].map((m) => JSON.parse(m[1]) as string));
}

interface Difference {
  filter: string;
  input: string;
  wordpress: string;
  ours: string;
}

describe('kses matches WordPress 6.8 over the differential corpus', () => {
  it('filters every input as wp_kses_post, wp_kses_data and the description filter do', () => {
    const kept = keptInputs();
    const options = { uploadsUrl: fixture.uploadsUrl };
    const differences: Difference[] = [];
    let compared = 0;
    for (const c of fixture.cases) {
      if (kept.has(c.input)) continue;
      if (c.error !== undefined) {
        differences.push({ filter: 'both', input: c.input, wordpress: c.error, ours: '(not listed in KEPT-DIFFERENCES.md)' });
        continue;
      }
      compared++;
      const post = filterPostHtml(c.input, options);
      if (post !== c.post) differences.push({ filter: 'wp_kses_post', input: c.input, wordpress: c.post!, ours: post });
      const data = filterTitleHtml(c.input, options);
      if (data !== c.data) differences.push({ filter: 'wp_kses_data', input: c.input, wordpress: c.data!, ours: data });
      const description = filterDescriptionHtml(c.input, options);
      if (description !== c.description) differences.push({ filter: 'pre_term_description', input: c.input, wordpress: c.description!, ours: description });
    }
    const report = differences
      .slice(0, 10)
      .map((d) => `${d.filter}\n  input:     ${JSON.stringify(d.input)}\n  wordpress: ${JSON.stringify(d.wordpress)}\n  ours:      ${JSON.stringify(d.ours)}`)
      .join('\n');
    console.log(`kses: ${compared} inputs compared with WordPress ${fixture.wordpress} (x3 filters), ${kept.size} kept differences skipped, ${differences.length} differences`);
    expect(compared).toBeGreaterThanOrEqual(10_000);
    expect(differences.length, `first differences:\n${report}`).toBe(0);
  });

  it('lists only kept differences that are in the fixture', () => {
    const inputs = new Set(fixture.cases.map((c) => c.input));
    const stale = [...keptInputs()].filter((input) => !inputs.has(input));
    expect(stale).toEqual([]);
  });
});
