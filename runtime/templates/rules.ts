/**
 * Permission rules of the templates and template parts routes (WordPress's templates
 * controller): reading needs the right to edit some content (the editor shows a post's
 * template), writing needs edit_theme_options.
 */
import { authError } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { canEditSomeType } from '../types/editing.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const readTemplates: Rule = async (ctx) => {
  if (!(await canEditSomeType(ctx.app, ctx.user))) throw authError('templates_cannot_manage', ctx.user);
};

const manageTemplates: Rule = async (ctx) => {
  if (!(await userCan(ctx.app, ctx.user, 'edit_theme_options'))) throw authError('templates_cannot_manage', ctx.user);
};

export const TEMPLATE_RULES: Record<string, Rule> = { read_templates: readTemplates, manage_templates: manageTemplates };
