/**
 * Paragraphs from blank lines, as WordPress's wpautop: text separated by a blank line becomes
 * <p>...</p>, single newlines become <br />, and block-level elements are never wrapped.
 * Content in <pre> is kept verbatim; newlines inside tags are kept.
 */

/** WordPress 6.8's $allblocks (no `math`: that changed after 6.1). */
const BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const NEWLINE_IN_TAG = ' <!-- wpnl --> ';

/** Swaps each <pre>...</pre> for a placeholder, returning the restorer. */
function protectPre(text: string): { text: string; restore: (t: string) => string } {
  const saved: string[] = [];
  const replaced = text.replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (m) => {
    saved.push(m);
    return `<pre wp-pre-tag-${saved.length - 1}></pre>`;
  });
  return {
    text: replaced,
    restore: (t) => t.replace(/<pre wp-pre-tag-(\d+)><\/pre>/g, (_m, i: string) => saved[Number(i)]),
  };
}

/** Newlines inside HTML tags would split paragraphs; mark them and put them back at the end. */
function markNewlinesInTags(text: string): string {
  return text.replace(/<[^>]*>/g, (tag) => tag.replace(/\n/g, NEWLINE_IN_TAG));
}

export function autop(input: string, br = true): string {
  if (input.trim() === '') return '';
  const pre = protectPre(input + '\n');
  let text = pre.text;
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  text = text.replace(new RegExp(`(<${BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = markNewlinesInTags(text);
  // Each collapse runs only when its element is there, as in WordPress.
  if (text.includes('<option')) text = text.replace(/\s*<option/g, '<option').replace(/<\/option>\s*/g, '</option>');
  if (text.includes('</object>')) {
    text = text.replace(/(<object[^>]*>)\s*/g, '$1').replace(/\s*<\/object>/g, '</object>');
    text = text.replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(/([<\[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1').replace(/\s*([<\[]\/(?:audio|video)[>\]])/g, '$1');
    text = text.replace(/\s*(<(?:source|track)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<figcaption')) text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1').replace(/<\/figcaption>\s*/g, '</figcaption>');
  text = text.replace(/\n\n+/g, '\n\n');

  const paragraphs = text.split(/\n\s*\n/).filter((p) => p !== '');
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');

  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote((?:[^>"']|"[^"]*"|'[^']*')*)>/gi, '<blockquote$1><p>');
  text = text.split('</blockquote></p>').join('</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  if (br) {
    // Newlines inside script/style/svg must survive as newlines, not <br />.
    text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.replace(/\n/g, '<WPPreserveNewline />'));
    text = text.replace(/<br>|<br\/>/g, '<br />');
    text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
    text = text.split('<WPPreserveNewline />').join('\n');
  }
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  text = text.replace(/\n<\/p>$/g, '</p>');
  text = pre.restore(text);
  return text.split(NEWLINE_IN_TAG).join('\n').split('<!-- wpnl -->').join('\n');
}
