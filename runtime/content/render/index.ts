/**
 * The filters WordPress runs on a post's title, content and excerpt before answering, in its
 * order: blocks, texturize, paragraphs (not for block content), "WordPress" spelling.
 * Each is a pure function of its text, so the results are remembered by that text (memo.ts):
 * a list page re-reads the same posts and would otherwise run the regexes again every time.
 */
import { autop } from './autop.ts';
import { hasBlocks, stripBlockDelimiters } from './blocks.ts';
import { EXCERPT_WORDS, trimWords } from './excerpt.ts';
import { texturize } from './texturize.ts';
import { filterContentTags } from './content-tags.ts';
import { memoizeRender } from './memo.ts';

export { blockVersion } from './blocks.ts';

function capitalPDangit(text: string): string {
  return text.replace(/(?<=[\s>(]|&#8216;|&#8220;|^)Wordpress\b/g, 'WordPress');
}

/** `title.rendered` */
export const renderTitle = memoizeRender(function renderTitle(title: string): string {
  return capitalPDangit(texturize(title)).trim();
});

/** `content.rendered` */
export const renderContent = memoizeRender(function renderContent(content: string): string {
  const blocks = hasBlocks(content);
  let html = blocks ? stripBlockDelimiters(content) : content;
  html = texturize(html);
  if (!blocks) html = autop(html);
  return filterContentTags(capitalPDangit(html));
});

/** `excerpt.rendered`: the written excerpt, or one made from the content. */
export function renderExcerpt(excerpt: string, content: string, words = EXCERPT_WORDS): string {
  return excerptOf(excerpt, content, words);
}

const excerptOf = memoizeRender(function renderExcerpt(excerpt: string, content: string, words: number): string {
  let text = excerpt;
  if (text.trim() === '') {
    // Outside a single-post view WordPress reads content only up to the <!--more--> tag.
    const teaser = content.split(/<!--more(.*?)?-->/)[0];
    const html = renderContent(teaser).split(']]>').join(']]&gt;');
    text = trimWords(html, words);
  }
  return filterContentTags(capitalPDangit(autop(texturize(text))));
});
