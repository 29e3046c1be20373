/**
 * The excerpt WordPress shows when none was written: the rendered content without tags, cut to
 * a number of words (55 unless the request's excerpt_length says otherwise), ending in
 * " [&hellip;]" when something was cut.
 */

import striptags from 'striptags';

export const EXCERPT_WORDS = 55;
export const EXCERPT_MORE = ' [&hellip;]';

/** wp_strip_all_tags: scripts and styles with their text, then PHP's strip_tags (striptags follows its quote and nesting rules). */
export function stripAllTags(html: string): string {
  return striptags(html.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')).trim();
}

export function trimWords(html: string, words: number, more = EXCERPT_MORE): string {
  const list = stripAllTags(html).split(/[\n\r\t ]+/).filter((w) => w !== '');
  if (list.length > words) return list.slice(0, words).join(' ') + more;
  return list.join(' ');
}
