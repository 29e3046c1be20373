/**
 * An attachment's `link` and `permalink_template`, as get_attachment_link builds them: with
 * pretty permalinks an item attached to a post or page with a pretty link lives under it
 * (`/parent-slug/file-slug/`, `attachment/<slug>` for numeric slugs); an unattached one at
 * `/<slug>/`; otherwise `?attachment_id=ID`. The template keeps `%postname%` for the slug, and
 * falls back to `?attachment_id=ID` when the item has no parent to live under.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { linkFor, type Permalinks } from '../content/links.ts';
import type { AttachmentRow } from './attachments.ts';
import { acceptsAttachments, isHierarchical } from '../../contract/post-types.ts';

type Facts = { id: number; type: string; status: string; slug: string; parent: number };

/** The public link of each parent post or page of these rows (pages with their ancestors' path). */
export async function parentLinks(db: Kysely<Database>, rows: AttachmentRow[], permalinks: Permalinks): Promise<Map<number, string>> {
  const links = new Map<number, string>();
  const ids = [...new Set(rows.map((r) => r.parent).filter((p) => p > 0))];
  if (!ids.length || !permalinks.structure) return links;
  const known = new Map<number, Facts>();
  let missing = ids;
  for (let depth = 0; missing.length && depth < 20; depth++) {
    const found = await db.selectFrom('posts').select(['id', 'type', 'status', 'slug', 'parent']).where('id', 'in', missing).execute();
    found.forEach((f) => known.set(f.id, f));
    missing = found.filter((f) => isHierarchical(f.type) && f.parent && !known.has(f.parent)).map((f) => f.parent);
  }
  for (const id of ids) {
    const parent = known.get(id);
    if (!parent || !acceptsAttachments(parent.type)) continue;
    const parts: string[] = [];
    for (let cur: Facts | undefined = parent, i = 0; cur && i < 20; cur = cur.parent ? known.get(cur.parent) : undefined, i++) parts.unshift(cur.slug);
    links.set(id, linkFor(permalinks, parent, parts.join('/')));
  }
  return links;
}

export function attachmentLink(permalinks: Permalinks, row: AttachmentRow, parentLink: string | undefined): string {
  if (permalinks.structure && row.slug) {
    if (parentLink && !parentLink.includes('?')) return `${parentLink.replace(/\/?$/, '/')}${/^\d+$/.test(row.slug) ? `attachment/${row.slug}` : row.slug}/`;
    if (!row.parent) return `${permalinks.siteUrl}/${row.slug}/`;
  }
  return `${permalinks.siteUrl}/?attachment_id=${row.id}`;
}

export function attachmentPermalinkTemplate(permalinks: Permalinks, row: AttachmentRow, parentLink: string | undefined): string {
  if (permalinks.structure && parentLink && !parentLink.includes('?')) return `${parentLink.replace(/\/?$/, '/')}%postname%/`;
  return `${permalinks.siteUrl}/?attachment_id=${row.id}`;
}
