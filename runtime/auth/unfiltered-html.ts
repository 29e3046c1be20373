/**
 * Whether a user's markup is stored as sent or through the HTML filter (runtime/content/kses.ts):
 * WordPress's kses_init turns the save filters on for every user without `unfiltered_html`
 * (administrators and editors have it on a single site). Every write of user text that
 * WordPress filters this way asks here, so the decision is made in one place: posts' and media's
 * titles, bodies, excerpts and captions, and footnotes (content/save-filters.ts). No user (the
 * command line) counts as filtered, as WordPress without a current user. Term names and
 * descriptions and users' names and biographies are filtered for every writer, as WordPress's
 * default filters do (save-filters.ts), so they do not ask.
 */
import type { CurrentUser } from './current-user.ts';

export function unfilteredHtmlAllowed(user: CurrentUser | null | undefined): boolean {
  return !!user && user.caps.has('unfiltered_html');
}
