/**
 * Adds class names to an opening tag inside rendered HTML, as WordPress's WP_HTML_Tag_Processor
 * `add_class` does at render time: an existing class attribute gets the names appended (each
 * once); a tag without one gets `class="..."` right after its name. The tags are found with
 * htmlparser2 (comments, scripts and attribute values never match); only that tag's text changes.
 */
import { Parser } from 'htmlparser2';

export interface TagSpan {
  name: string;
  start: number;
  /** Index just past the closing `>`. */
  end: number;
}

/** Opening tags in document order, with their place in `html`; stops once `want` says so. */
export function openingTags(html: string, want: (tag: TagSpan) => boolean = () => false): TagSpan[] {
  const found: TagSpan[] = [];
  let done = false;
  const parser = new Parser(
    {
      onopentag(name) {
        if (done) return;
        const tag = { name, start: parser.startIndex, end: parser.endIndex + 1 };
        found.push(tag);
        if (want(tag)) done = true;
      },
    },
    { decodeEntities: false, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const CLASS_ATTRIBUTE = /(\sclass\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/** The tag text with `classes` added. */
export function withClasses(tag: string, classes: string[]): string {
  const m = CLASS_ATTRIBUTE.exec(tag);
  if (!m) {
    const nameEnd = /^<[^\s/>]+/.exec(tag)![0].length;
    return `${tag.slice(0, nameEnd)} class="${classes.join(' ')}"${tag.slice(nameEnd)}`;
  }
  const current = m[2] ?? m[3] ?? m[4] ?? '';
  const names = current.split(/[ \t\f\r\n]+/).filter((c) => c !== '');
  const added = classes.filter((c) => !names.includes(c));
  if (!added.length) return tag;
  const value = [...names, ...added].join(' ');
  return `${tag.slice(0, m.index)}${m[1]}"${value}"${tag.slice(m.index + m[0].length)}`;
}

/** Reads an attribute of a tag text (undecoded), or undefined. */
export function attributeOf(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** `html` with `classes` added to the first opening tag `pick` accepts (unchanged if none). */
export function addClassesToTag(html: string, classes: string[], pick: (tag: TagSpan, text: string) => boolean = () => true): string {
  if (!classes.length) return html;
  const tags = openingTags(html, (t) => pick(t, html.slice(t.start, t.end)));
  const tag = tags.find((t) => pick(t, html.slice(t.start, t.end)));
  if (!tag) return html;
  return html.slice(0, tag.start) + withClasses(html.slice(tag.start, tag.end), classes) + html.slice(tag.end);
}

/** `html` with `attribute="value"` inserted after the name of each opening tag `pick` accepts, unless present. */
export function addAttributeToTags(html: string, attribute: string, value: string, pick: (tag: TagSpan) => boolean): string {
  const tags = openingTags(html).filter(pick);
  let out = '';
  let at = 0;
  for (const tag of tags) {
    const text = html.slice(tag.start, tag.end);
    if (attributeOf(text, attribute) !== undefined) continue;
    const nameEnd = /^<[^\s/>]+/.exec(text)![0].length;
    out += html.slice(at, tag.start) + text.slice(0, nameEnd) + ` ${attribute}="${value}"` + text.slice(nameEnd);
    at = tag.end;
  }
  return out + html.slice(at);
}
