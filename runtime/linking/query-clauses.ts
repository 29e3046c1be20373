/**
 * The `meta_query` and `tax_query` clauses the link searches accept, as WP_Query takes them
 * (a list of conditions, all of which must hold). Meta values are stored as JSON text, so a
 * clause's value is compared in that form.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { restError } from '../rest/errors.ts';
import type { Database } from '../store/schema.ts';
import { containsText } from './text-match.ts';

/** A posts query whatever it selects: the clauses only add conditions. */
type PostQuery<O> = SelectQueryBuilder<Database, 'posts', O>;

function clausesOf(name: string, value: unknown): Record<string, unknown>[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : null;
  // WP_Query also takes a `relation` key beside the clauses; only AND is offered here.
  const clauses = (list ?? []).filter((c) => typeof c !== 'string');
  if (!list || clauses.some((c) => typeof c !== 'object' || c === null)) {
    throw restError('rest_invalid_param', [name], { params: { [name]: `${name} must be a list of conditions.` } });
  }
  return clauses as Record<string, unknown>[];
}

const META_COMPARE = new Set(['=', '!=', 'EXISTS', 'NOT EXISTS', 'LIKE']);

export function applyMetaQuery<O>(q: PostQuery<O>, value: unknown): PostQuery<O> {
  for (const clause of clausesOf('meta_query', value)) {
    const key = String(clause.key ?? '');
    const compare = String(clause.compare ?? (clause.value === undefined ? 'EXISTS' : '=')).toUpperCase();
    if (!key || !META_COMPARE.has(compare)) {
      throw restError('rest_invalid_param', ['meta_query'], { params: { meta_query: `Each condition needs a key and a compare among ${[...META_COMPARE].join(', ')}.` } });
    }
    const withKey = (eb: ExpressionBuilder<Database, 'posts'>) =>
      eb.selectFrom('postmeta').select('postmeta.post_id').whereRef('postmeta.post_id', '=', 'posts.id').where('postmeta.meta_key', '=', key);
    const encoded = [JSON.stringify(clause.value), JSON.stringify(String(clause.value))];
    if (compare === 'EXISTS') q = q.where((eb) => eb.exists(withKey(eb)));
    else if (compare === 'NOT EXISTS') q = q.where((eb) => eb.not(eb.exists(withKey(eb))));
    else if (compare === '=') q = q.where((eb) => eb.exists(withKey(eb).where('postmeta.meta_value', 'in', encoded)));
    else if (compare === '!=') q = q.where((eb) => eb.not(eb.exists(withKey(eb).where('postmeta.meta_value', 'in', encoded))));
    else q = q.where((eb) => eb.exists(withKey(eb).where(containsText('postmeta.meta_value', String(clause.value).replace(/"/g, '')))));
  }
  return q;
}

export function applyTaxQuery<O>(q: PostQuery<O>, value: unknown): PostQuery<O> {
  for (const clause of clausesOf('tax_query', value)) {
    const taxonomy = String(clause.taxonomy ?? '');
    const field = String(clause.field ?? 'term_id');
    const operator = String(clause.operator ?? 'IN').toUpperCase();
    const terms = (Array.isArray(clause.terms) ? clause.terms : [clause.terms]).filter((t) => t !== undefined && t !== null).map(String);
    if (!taxonomy || !['term_id', 'slug', 'name'].includes(field) || !['IN', 'NOT IN'].includes(operator) || !terms.length) {
      throw restError('rest_invalid_param', ['tax_query'], { params: { tax_query: 'Each condition needs a taxonomy, terms, a field among term_id, slug, name and an operator IN or NOT IN.' } });
    }
    const column = field === 'term_id' ? 'terms.id' : field === 'slug' ? 'terms.slug' : 'terms.name';
    const matching = (eb: ExpressionBuilder<Database, 'posts'>) =>
      eb
        .selectFrom('term_relationships')
        .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
        .select('term_relationships.post_id')
        .whereRef('term_relationships.post_id', '=', 'posts.id')
        .where('terms.taxonomy', '=', taxonomy)
        .where(column, 'in', field === 'term_id' ? terms.map(Number) : terms);
    q = operator === 'IN' ? q.where((eb) => eb.exists(matching(eb))) : q.where((eb) => eb.not(eb.exists(matching(eb))));
  }
  return q;
}
