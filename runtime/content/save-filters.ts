/**
 * The save filters WordPress runs on text fields, for the stores other than posts' own fields
 * (write.ts): the ones kses_init turns on for a writer without `unfiltered_html` (title_save_pre,
 * content_save_pre, excerpt_save_pre: media titles, captions and descriptions, also those read
 * from an image's EXIF; footnotes), with who is filtered decided once by auth/unfiltered-html.ts;
 * and the ones WordPress's default filters run for every writer (term names and descriptions,
 * users' names, biographies).
 */
import type { CurrentUser } from '../auth/current-user.ts';
import { unfilteredHtmlAllowed } from '../auth/unfiltered-html.ts';
import { filterDescriptionHtml, filterPostHtml, filterTitleHtml, type KsesOptions } from './kses.ts';
import { phpTrim } from './kses/php-text.ts';
import { sanitizeTextField } from '../rest/coerce.ts';
import type { AppConfig } from '../rest/types.ts';
import { uploadsUrl } from '../media/storage.ts';

/** The text a field's write carries: a string, or the `raw` of `{ raw }` (title, content, excerpt, caption...). */
export function rawText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { raw?: unknown }).raw === 'string') return (value as { raw: string }).raw;
  return undefined;
}

/** The HTML filter's options for this site: PDFs of its own uploads may stay in an `<object>`. */
export function ownUploads(ctx: { app: { config: AppConfig } }): KsesOptions {
  return { uploadsUrl: uploadsUrl(ctx.app.config) };
}

/**
 * A title as saved: trimmed for everyone (title_save_pre's trim, PHP's, which runs first), then
 * the title allowlist (wp_filter_kses) for a filtered writer.
 */
export function titleForSave(user: CurrentUser | null | undefined, text: string): string {
  const trimmed = phpTrim(text);
  return unfilteredHtmlAllowed(user) ? trimmed : filterTitleHtml(trimmed);
}

/**
 * A body, caption or excerpt as saved: the post allowlist (wp_filter_post_kses) for a filtered
 * writer. `options` names the site's uploads URL, whose PDFs may stay in an `<object>`.
 */
export function htmlForSave(user: CurrentUser | null | undefined, text: string, options?: KsesOptions): string {
  return unfilteredHtmlAllowed(user) ? text : filterPostHtml(text, options);
}

/**
 * Short texts WordPress saves as plain text for every writer, administrators included (its
 * default filters on pre_term_name and pre_user_display_name / first_name / last_name /
 * nickname): sanitize_text_field, then the title allowlist, then `<`, `>` and a bare `&` as
 * entities (_wp_specialchars, an entity already written is kept).
 */
export function plainTextForSave(text: string): string {
  return filterTitleHtml(sanitizeTextField(text))
    .replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Longer texts WordPress puts through the title allowlist (wp_filter_kses) for every writer,
 * administrators included (pre_term_description, pre_user_description): a few inline elements
 * and links (with their rel and target) survive, nothing that runs.
 */
export function textareaForSave(text: string): string {
  return filterDescriptionHtml(text);
}
