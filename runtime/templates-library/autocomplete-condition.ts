/**
 * Suggestions while an editor types a display condition of a template ("show on the page
 * About", "in the category News", "by the author Ann"). `payload` names what kind of object
 * the condition is about: a post type, a taxonomy, or `author`, either as that word or as a
 * JSON object `{ "object": "post" | "taxonomy" | "author", "name": "page" }`.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { containsText } from '../linking/text-match.ts';
import { PUBLIC_POST_TYPES } from '../linking/post-search.ts';
import { asResult } from '../rest/answer.ts';

const MAX_SUGGESTIONS = 20;

interface Target {
  object: 'post' | 'taxonomy' | 'author';
  name: string;
}

/** Condition kinds that name one object (a post type or a taxonomy); `author` names none. */
const NAMED_OBJECTS = new Set<string>(['post', 'taxonomy']);

async function targetOf(ctx: HandlerContext<unknown>, payload: unknown): Promise<Target> {
  let value = payload;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidPayload();
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const object = String(o.object ?? '');
    if (object === 'author') return { object, name: 'author' };
    if (NAMED_OBJECTS.has(object) && typeof o.name === 'string' && o.name) return { object: object as Target['object'], name: o.name };
    throw invalidPayload();
  }
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw invalidPayload();
  if (name === 'author') return { object: 'author', name };
  if (PUBLIC_POST_TYPES.includes(name)) return { object: 'post', name };
  const taxonomy = await ctx.app.db.selectFrom('terms').select('id').where('taxonomy', '=', name).executeTakeFirst();
  if (taxonomy || name === 'category' || name === 'post_tag') return { object: 'taxonomy', name };
  throw invalidPayload();
}

function invalidPayload() {
  return restError('rest_invalid_param', ['payload'], {
    params: { payload: 'payload must name a public post type, a taxonomy or author, or be a JSON object with object and name.' },
  });
}

/**
 * The condition (`payload`: a name, or an object with `object` and `name`, or that object as
 * JSON text) and the text typed so far; the spec gives neither a type, so both are read here.
 */
export type AutocompleteParams = { payload: unknown; query: unknown };

export async function autocompleteCondition<R>(ctx: HandlerContext<AutocompleteParams>): Promise<HandlerResult<R>> {
  const target = await targetOf(ctx, ctx.params.payload);
  const text = String(ctx.params.query ?? '').trim();
  const db = ctx.app.db;
  // Conditions on a post type suggest its items; on a taxonomy, its terms; on authors, users.
  switch (target.object) {
    case 'post': {
      let q = db.selectFrom('posts').select(['id', 'title']).where('type', '=', target.name).where('status', 'in', ['publish', 'private', 'inherit']);
      if (text) q = q.where(containsText('title', text));
      const rows = await q.orderBy('title', 'asc').orderBy('id', 'asc').limit(MAX_SUGGESTIONS).execute();
      return asResult<R>({ results: rows.map((r) => ({ id: r.id, text: r.title })) });
    }
    case 'taxonomy': {
      let q = db.selectFrom('terms').select(['id', 'name']).where('taxonomy', '=', target.name);
      if (text) q = q.where(containsText('name', text));
      const rows = await q.orderBy('name', 'asc').orderBy('id', 'asc').limit(MAX_SUGGESTIONS).execute();
      return asResult<R>({ results: rows.map((r) => ({ id: r.id, text: r.name })) });
    }
    case 'author': {
      let q = db.selectFrom('users').select(['id', 'display_name']);
      if (text) q = q.where((eb) => eb.or([containsText('display_name', text), containsText('login', text)]));
      const rows = await q.orderBy('display_name', 'asc').orderBy('id', 'asc').limit(MAX_SUGGESTIONS).execute();
      return asResult<R>({ results: rows.map((r) => ({ id: r.id, text: r.display_name })) });
    }
  }
}
