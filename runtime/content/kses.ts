/**
 * HTML filtering for users without `unfiltered_html` (authors, contributors), exactly as
 * WordPress 6.8's kses filters on save: post content and excerpts as wp_kses_post
 * (content_save_pre's wp_filter_post_kses), titles as wp_kses_data (title_save_pre's
 * wp_filter_kses), term and user descriptions as their pre_*_description filters do. The
 * pieces live in `kses/`, one WordPress function (or family) per file;
 * test/content/kses-differential.test.ts compares them with real WordPress over a corpus.
 */
import { DATA_ALLOWED_HTML, DESCRIPTION_ALLOWED_HTML, POST_ALLOWED_HTML, type KsesRules } from './kses/allowed-html.ts';
import { uploadsOrigin } from './kses/pdf-object.ts';
import { wpKses } from './kses/wp-kses.ts';

export interface KsesOptions {
  /**
   * The site's uploads URL (`{siteUrl}/wp-content/uploads`): 6.8 keeps `<object>` only for a
   * PDF served from its host and port. Without it no `<object>` keeps its attributes.
   */
  uploadsUrl?: string;
}

function rules(tags: KsesRules['tags'], options: KsesOptions | undefined): KsesRules {
  return { tags, uploads: options?.uploadsUrl ? uploadsOrigin(options.uploadsUrl) : null };
}

/** wp_kses_post: what a post's content or excerpt keeps. */
export function filterPostHtml(html: string, options?: KsesOptions): string {
  return html ? wpKses(html, rules(POST_ALLOWED_HTML, options)) : html;
}

/** wp_kses_data / wp_filter_kses: what a title (or another short field) keeps. */
export function filterTitleHtml(html: string, options?: KsesOptions): string {
  return html ? wpKses(html, rules(DATA_ALLOWED_HTML, options)) : html;
}

/** wp_kses in the pre_term_description / pre_user_description context: a title's allowlist, links with rel and target. */
export function filterDescriptionHtml(html: string, options?: KsesOptions): string {
  return html ? wpKses(html, rules(DESCRIPTION_ALLOWED_HTML, options)) : html;
}
