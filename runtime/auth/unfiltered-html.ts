/**
 * Whether a user's markup is stored as sent or through the HTML filter (runtime/content/kses.ts):
 * WordPress's kses_init turns the save filters on for every user without `unfiltered_html`
 * (administrators and editors have it on a single site). Every write of user text asks here, so
 * the decision is made in one place for posts, media, terms, users, footnotes and extensions.
 * No user (the command line, a visitor's form entry) counts as filtered, as WordPress without a
 * current user.
 */
import type { CurrentUser } from './current-user.ts';

export function unfilteredHtmlAllowed(user: CurrentUser | null | undefined): boolean {
  return !!user && user.caps.has('unfiltered_html');
}
