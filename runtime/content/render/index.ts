/**
 * The filters WordPress 6.8 runs on a post's title, content and excerpt before answering, in its
 * order (the_content: [embed] and autoembed 8, blocks 9, texturize/autop/shortcode_unautop 10, "WordPress"
 * spelling and shortcodes 11, image attributes 12, smilies 20). Each is a pure function of its text, so the
 * results are remembered by that text (memo.ts): a list page re-reads the same posts and would
 * otherwise run the regexes again every time.
 */
import { autop } from './autop.ts';
import { excerptBlocks, hasBlocks, renderBlocks } from './blocks.ts';
import { embedShortcodes, postShortcodes } from './content-shortcodes.ts';
import { autoembed } from './embeds.ts';
import type { SiteData } from './gallery.ts';
import { EXCERPT_WORDS, trimWords } from './excerpt.ts';
import { texturize } from './texturize.ts';
import { filterContentTags } from './content-tags.ts';
import { memoizeRender } from './memo.ts';
import { SHORTCODE_NAMES } from './shortcode-names.ts';
import { convertSmilies } from './smilies.ts';
import { doShortcodes, shortcodeUnautop, stripShortcodes } from './shortcodes.ts';

export { blockVersion } from './blocks.ts';
export type { SiteData } from './gallery.ts';

function capitalPDangit(text: string): string {
  return text.replace(/(?<=[\s>(]|&#8216;|&#8220;|^)Wordpress\b/g, 'WordPress');
}

/** convert_chars: a bare & (not starting an entity) becomes &#038;, with WordPress's own pattern. */
function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

/** `title.rendered`: the_title's wptexturize, convert_chars, trim, capital_P_dangit. */
export const renderTitle = memoizeRender(function renderTitle(title: string): string {
  return capitalPDangit(convertChars(texturize(title)).trim());
});

/** the_content's filters from texturize to shortcodes; blocks (already rendered) skip autop. */
function contentFilters(html: string, blocks: boolean, gallery: SiteData | null = null): string {
  let out = texturize(html);
  if (!blocks) out = autop(out);
  out = shortcodeUnautop(out, SHORTCODE_NAMES);
  return doShortcodes(capitalPDangit(out), postShortcodes(gallery));
}

/**
 * `content.rendered`. `gallery`: the attachments its `[gallery]` shortcodes may show
 * (loadSiteData); without it they stay as written. The attachments are part of the memo key,
 * so an edited caption or a new image renders anew without anything to invalidate.
 */
export function renderContent(content: string, site: SiteData | null = null): string {
  return contentOf(content, site ? JSON.stringify(site) : '');
}

const contentOf = memoizeRender(function renderContent(content: string, siteJson: string): string {
  const site = siteJson ? (JSON.parse(siteJson) as SiteData) : null;
  const blocks = hasBlocks(content);
  let html = embedsOf(content, site);
  if (blocks) html = renderBlocks(html);
  return convertSmilies(filterContentTags(contentFilters(html, blocks, site), site?.images));
});

/** the_content at priority 8: [embed], then addresses alone on their line. */
function embedsOf(content: string, site: SiteData | null): string {
  return autoembed(doShortcodes(content, embedShortcodes(site)), site?.embeds ?? {});
}

/** `excerpt.rendered`: the written excerpt, or one made from the content (with `site` as for renderContent). */
export function renderExcerpt(excerpt: string, content: string, words = EXCERPT_WORDS, site: SiteData | null = null): string {
  return excerptOf(excerpt, content, words, excerpt.trim() === '' && site ? JSON.stringify(site) : '');
}

/**
 * wp_trim_excerpt: the content before <!--more-->, without shortcodes, with only the blocks an
 * excerpt keeps, through the_content's filters but blocks and image attributes (so autop runs
 * on block content too), cut to `words` words.
 */
function excerptFromContent(content: string, words: number, site: SiteData | null): string {
  // Outside a single-post view WordPress reads content only up to the <!--more--> tag.
  const teaser = content.split(/<!--more(.*?)?-->/)[0];
  const kept = excerptBlocks(stripShortcodes(teaser, SHORTCODE_NAMES));
  const html = convertSmilies(contentFilters(embedsOf(kept, site), false, site)).split(']]>').join(']]&gt;');
  return trimWords(html, words);
}

/** the_excerpt's filters: wptexturize, convert_smilies, convert_chars, wpautop, shortcode_unautop, image attributes. */
const excerptOf = memoizeRender(function renderExcerpt(excerpt: string, content: string, words: number, siteJson: string): string {
  const text = excerpt.trim() === '' ? excerptFromContent(content, words, siteJson ? (JSON.parse(siteJson) as SiteData) : null) : excerpt;
  return filterContentTags(shortcodeUnautop(autop(convertChars(convertSmilies(texturize(text)))), SHORTCODE_NAMES));
});
