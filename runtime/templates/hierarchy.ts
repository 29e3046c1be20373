/**
 * The template hierarchy of a slug: the templates WordPress tries, most specific first, for the
 * page a slug stands for (`single-post-hello` → single-post-hello, single-post, single,
 * singular, index). The lookup route answers the first of them the theme or the site has.
 */
const ARCHIVE_KINDS = /^(author|category|archive|tag|page)-.+$/;
const OBJECT_KINDS = /^(taxonomy|single)-(.+)$/;

export interface HierarchyNames {
  /** Registered post types (for single-<type>-<slug>) and taxonomies (taxonomy-<tax>-<term>). */
  postTypes: readonly string[];
  taxonomies: readonly string[];
}

export function templateHierarchy(slug: string, isCustom: boolean, prefix: string, names: HierarchyNames): string[] {
  if (slug === 'index') return ['index'];
  if (isCustom) return ['page', 'singular', 'index'];
  if (slug === 'front-page') return ['front-page', 'home', 'index'];
  const out = [slug];
  if (prefix) {
    const kind = prefix.split('-')[0]!;
    if (prefix !== slug && prefix !== kind) out.push(prefix);
    if (slug !== kind) out.push(kind);
  } else if (ARCHIVE_KINDS.test(slug)) {
    out.push(ARCHIVE_KINDS.exec(slug)![1]!);
  } else if (OBJECT_KINDS.test(slug)) {
    const [, kind, rest] = OBJECT_KINDS.exec(slug)!;
    // single-<type>[-<slug>] names a post type first, taxonomy-<tax>[-<term>] a taxonomy.
    for (const name of kind === 'single' ? names.postTypes : names.taxonomies) {
      if (!rest!.startsWith(name)) continue;
      if (rest === name) {
        out.push(kind!);
        break;
      }
      if (rest!.length > name.length + 1) {
        out.push(`${kind}-${name}`, kind!);
        break;
      }
    }
  }
  if (['author', 'taxonomy', 'category', 'tag'].some((k) => slug.startsWith(k)) || slug === 'date') out.push('archive');
  if (slug === 'attachment') out.push('single');
  if (slug.startsWith('single') || slug.startsWith('page') || slug === 'attachment') out.push('singular');
  out.push('index');
  return out;
}
