/**
 * The posts every server of the side-by-side bench holds: the same titles, bodies, dates,
 * statuses and categories, generated from the index alone so two seedings are identical.
 * Shaped like the reference WordPress's bench data: ~1,000 posts in a handful of categories,
 * block-editor paragraphs with quotes and dashes (so rendering has work to do), a few drafts.
 */
export interface FixturePost {
  title: string;
  content: string;
  excerpt: string;
  status: 'publish' | 'draft';
  /** 'YYYY-MM-DD HH:MM:SS', GMT (the site runs at offset 0). */
  date: string;
  slug: string;
  /** Index into FIXTURE_CATEGORIES. */
  category: number;
}

export const FIXTURE_CATEGORIES = ['News', 'Technology', 'Programming', 'Hardware', 'Travel', 'Food & Drink'];

const WORDS = ['alpha', 'garden', 'river', 'engine', 'lantern', 'copper', 'meadow', 'signal', 'harbor', 'pixel', 'quartz', 'summit'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function fixturePost(i: number): FixturePost {
  const d = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
  const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length];
  const paragraph = (k: number) =>
    `<!-- wp:paragraph -->\n<p>Paragraph ${k} of post number ${i}: the ${w(k)} and the ${w(k + 1)} -- "quoted" words, it's fine.</p>\n<!-- /wp:paragraph -->`;
  return {
    title: `Post number ${i}: ${w(0)} & ${w(1)}`,
    content: [1, 2, 3, 4].map(paragraph).join('\n\n'),
    excerpt: '',
    status: i % 10 === 9 ? 'draft' : 'publish',
    date,
    slug: `post-number-${i}`,
    category: i % FIXTURE_CATEGORIES.length,
  };
}
