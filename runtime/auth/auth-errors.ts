/**
 * The errors authentication and permission checks answer with. WordPress uses one code with
 * different wordings depending on the object (rest_cannot_read for revisions, autosaves...),
 * so entries are keyed by situation and carry the code; the status of permission errors is
 * 401 for anonymous callers and 403 for logged-in ones, as rest_authorization_required_code().
 */
import { RestError } from '../rest/errors.ts';
import type { CurrentUser } from './current-user.ts';

interface AuthErrorEntry {
  code: string;
  message: string;
  /** Fixed status; absent means 401 anonymous / 403 logged in. */
  status?: number;
}

export const AUTH_ERRORS = {
  // Application passwords (HTTP Basic), always 401.
  invalid_username: { code: 'invalid_username', status: 401, message: '<strong>Error</strong>: Unknown username. Check again or try your email address.' },
  invalid_email: { code: 'invalid_email', status: 401, message: '<strong>Error</strong>: Unknown email address. Check again or try your username.' },
  incorrect_password: { code: 'incorrect_password', status: 401, message: 'The provided password is an invalid application password.' },
  application_passwords_disabled: { code: 'application_passwords_disabled', status: 401, message: 'Application passwords are not available.' },
  // Cookie sessions.
  cookie_invalid_nonce: { code: 'rest_cookie_invalid_nonce', status: 403, message: 'Cookie check failed' },
  // Permission checks.
  forbidden: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' },
  not_logged_in: { code: 'rest_not_logged_in', status: 401, message: 'You are not currently logged in.' },
  forbidden_context_list: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.' },
  forbidden_context_item: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this post.' },
  forbidden_status: { code: 'rest_forbidden_status', message: 'Status is forbidden.' },
  cannot_read: { code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view this post.' },
  cannot_create: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.' },
  cannot_upload: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to upload media on this site.' },
  cannot_upload_to_post: { code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to upload media to this post.' },
  cannot_edit: { code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.' },
  cannot_edit_image: { code: 'rest_cannot_edit_image', message: 'Sorry, you are not allowed to upload media on this site.' },
  cannot_edit_others: { code: 'rest_cannot_edit_others', message: 'Sorry, you are not allowed to create posts as this user.' },
  cannot_update_others: { code: 'rest_cannot_edit_others', message: 'Sorry, you are not allowed to update posts as this user.' },
  cannot_assign_sticky: { code: 'rest_cannot_assign_sticky', message: 'Sorry, you are not allowed to make posts sticky.' },
  cannot_delete: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this post.' },
  cannot_publish: { code: 'rest_cannot_publish', message: 'Sorry, you are not allowed to publish posts in this post type.' },
  cannot_read_revisions: { code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view revisions of this post.' },
  cannot_delete_revisions: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete revisions of this post.' },
  cannot_delete_revision: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this revision.' },
  cannot_read_autosaves: { code: 'rest_cannot_read', message: 'Sorry, you are not allowed to view autosaves of this post.' },
  post_invalid_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid post ID.' },
  revision_invalid_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid revision ID.' },
  autosave_invalid_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid item ID.' },
  post_invalid_parent: { code: 'rest_post_invalid_parent', status: 404, message: 'Invalid post parent ID.' },
  post_exists: { code: 'rest_post_exists', status: 400, message: 'Cannot create existing post.' },
  // Users (runtime/users).
  user_invalid_id: { code: 'rest_user_invalid_id', status: 404, message: 'Invalid user ID.' },
  user_cannot_list: { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.' },
  user_cannot_filter_roles: { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to filter users by role.' },
  user_cannot_filter_caps: { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to filter users by capability.' },
  user_forbidden_context_list: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit users.' },
  user_forbidden_context_item: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this user.' },
  user_forbidden_orderby: { code: 'rest_forbidden_orderby', message: 'Sorry, you are not allowed to order users by this parameter.' },
  user_forbidden_who: { code: 'rest_forbidden_who', message: 'Sorry, you are not allowed to query users by this parameter.' },
  // Categories and tags (runtime/terms).
  term_invalid: { code: 'rest_term_invalid', status: 404, message: 'Term does not exist.' },
  term_forbidden_context: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit terms in this taxonomy.' },
  term_cannot_create: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create terms in this taxonomy.' },
  term_cannot_update: { code: 'rest_cannot_update', message: 'Sorry, you are not allowed to edit this term.' },
  term_cannot_delete: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this term.' },
  term_post_forbidden: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to view terms for this post.' },
  // Types and taxonomies (runtime/types).
  type_invalid: { code: 'rest_type_invalid', status: 404, message: 'Invalid post type.' },
  type_forbidden_context: { code: 'rest_cannot_view', message: 'Sorry, you are not allowed to edit posts in this post type.' },
  taxonomy_invalid: { code: 'rest_taxonomy_invalid', status: 404, message: 'Invalid taxonomy.' },
  taxonomy_forbidden_context: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to manage terms in this taxonomy.' },
  post_incorrect_password: { code: 'rest_post_incorrect_password', status: 403, message: 'Incorrect post password.' },
} satisfies Record<string, AuthErrorEntry>;

export type AuthErrorKey = keyof typeof AUTH_ERRORS;

/** Builds the error; `user` decides 401 vs 403 where the entry has no fixed status. */
export function authError(key: AuthErrorKey, user: CurrentUser | null = null): RestError {
  const entry: AuthErrorEntry = AUTH_ERRORS[key];
  return new RestError(entry.code, entry.message, entry.status ?? (user ? 403 : 401));
}
