/**
 * Permission rules of the categories and tags routes (WordPress's WP_REST_Terms_Controller
 * checks): reading is public, `context=edit` and writes need the taxonomy's capabilities, and a
 * term named by id must exist first (404).
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { loadPostFacts, userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { primitiveTermCap, taxonomyOfRoute, type TaxonomyInfo } from './taxonomies.ts';
import { restError } from '../rest/errors.ts';
import { getOption } from '../content/options.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const deny = (key: ErrorKey, ctx: PermissionContext): never => {
  throw authError(key, ctx.user);
};
const canDo = (ctx: PermissionContext, tax: TaxonomyInfo, which: keyof TaxonomyInfo['capabilities']) =>
  userCan(ctx.app, ctx.user, primitiveTermCap(tax.capabilities[which]));

async function requireTerm(ctx: PermissionContext, tax: TaxonomyInfo): Promise<void> {
  const id = Number(ctx.params.id);
  const row = Number.isInteger(id) && id > 0
    ? await ctx.app.db.selectFrom('terms').select('id').where('id', '=', id).where('taxonomy', '=', tax.taxonomy).executeTakeFirst()
    : undefined;
  if (!row) deny('term_invalid', ctx);
  ctx.target = { ...ctx.target, termId: id };
}

const readTerms: Rule = async (ctx) => {
  const tax = taxonomyOfRoute(ctx.route.path);
  if (ctx.params.context === 'edit' && !(await canDo(ctx, tax, 'edit_terms'))) deny('term_forbidden_context', ctx);
  const postId = Number(ctx.params.post);
  if (ctx.params.post !== undefined && ctx.params.post !== null && postId > 0) {
    const post = await loadPostFacts(ctx.app.db, postId);
    if (!post) throw restError('rest_post_invalid_id', [], {}, 400);
    // A post's terms are as private as the post (WordPress's check_read_terms_permission_for_post).
    if (post.status !== 'publish' && !(await userCan(ctx.app, ctx.user, 'read_post', postId))) deny('term_post_forbidden', ctx);
  }
};

const readTerm: Rule = async (ctx) => {
  const tax = taxonomyOfRoute(ctx.route.path);
  await requireTerm(ctx, tax);
  if (ctx.params.context === 'edit' && !(await canDo(ctx, tax, 'edit_terms'))) deny('term_forbidden_context', ctx);
};

const createTerm: Rule = async (ctx) => {
  if (!(await canDo(ctx, taxonomyOfRoute(ctx.route.path), 'edit_terms'))) deny('term_cannot_create', ctx);
};

const editTerm: Rule = async (ctx) => {
  const tax = taxonomyOfRoute(ctx.route.path);
  await requireTerm(ctx, tax);
  if (!(await canDo(ctx, tax, 'edit_terms'))) deny('term_cannot_update', ctx);
};

const deleteTerm: Rule = async (ctx) => {
  const tax = taxonomyOfRoute(ctx.route.path);
  await requireTerm(ctx, tax);
  if (!(await canDo(ctx, tax, 'delete_terms'))) deny('term_cannot_delete', ctx);
  // The taxonomy's default term (option `default_<taxonomy>`: the default category) is never
  // deleted: posts fall back to it. WordPress maps delete_term on it to do_not_allow.
  if (Number(await getOption(ctx.app.db, `default_${tax.taxonomy}`, 0)) === Number(ctx.params.id)) deny('term_cannot_delete', ctx);
};

export const TERM_RULES: Record<string, Rule> = {
  read_terms: readTerms,
  read_term: readTerm,
  create_term: createTerm,
  edit_term: editTerm,
  delete_term: deleteTerm,
};
