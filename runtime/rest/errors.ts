/**
 * Every error the interface answers with, in WordPress's shape:
 * `{"code": "...", "message": "...", "data": {"status": 400, ...}}`, made from ONE registry
 * (`ERRORS` below), in the way TypeSpec keeps its diagnostics: a key names a situation, its
 * entry says what goes on the wire.
 *
 * Entry shape (add yours in the section of your area):
 *   key: { status, message, code? }
 *   - key      unique name of the situation, e.g. `rest_revision_invalid_id`; it is the wire
 *              code unless `code` says otherwise.
 *   - code     the wire code when WordPress sends one code with several wordings (message
 *              variants: rest_post_invalid_id says "Invalid post ID.", "Invalid revision ID.",
 *              "Invalid item ID."; rest_cannot_read speaks of posts, revisions, autosaves...).
 *   - status   the HTTP status, or `'auth'`: 401 for an anonymous caller and 403 for a logged-in
 *              one, as WordPress's rest_authorization_required_code().
 *   - message  the wording; `%s` placeholders are filled in order from `args`.
 * Build errors with `restError(key, args?, data?, status?)`, or `authError(key, user)` for
 * `'auth'` entries; never `new RestError(...)` at a throw site.
 */

export class RestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  /** Headers the answer carries besides the body (`Retry-After` of a 429). */
  headers: Record<string, string> = {};

  constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}) {
    // An answer, not a fault: no stack trace. Capturing one was the largest single cost of a
    // refused request, and every anonymous GET builds a few (the `Allow` header asks each method).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /**
   * Data the error carried before its last `data` (WP_Error::add_data keeps the earlier values;
   * the answer lists them as `additional_data`, oldest first).
   */
  additionalData: unknown[] = [];

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  withAdditionalData(earlier: unknown[]): this {
    this.additionalData = [...earlier];
    return this;
  }

  /** The JSON body WordPress sends for this error. */
  toBody(): { code: string; message: string; data: Record<string, unknown>; additional_data?: unknown[] } {
    const body: { code: string; message: string; data: Record<string, unknown>; additional_data?: unknown[] } = { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
    if (this.additionalData.length) body.additional_data = this.additionalData;
    return body;
  }
}

export interface ErrorEntry {
  status: number | 'auth';
  message: string;
  code?: string;
}

/**
 * The registry. Messages may contain `%s` placeholders filled in order by `restError`.
 * Add codes here rather than writing messages at the throw site.
 */
export const ERRORS = {
  rest_no_route: { status: 404, message: 'No route was found matching the URL and request method.' },
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): %s' },
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): %s' },
  // A handler asked for the object its route's rule did not resolve (auth/target.ts): refused, never guessed.
  rest_target_unresolved: { status: 500, message: 'The route acts on a %s its permission rule did not resolve.' },
  // `serve --check-answers` (rest/check-answers.ts): an answer the deployment's OpenAPI document does not describe.
  rest_answer_mismatch: { status: 500, message: 'The answer of %s %s does not match the OpenAPI document.' },
  rest_not_implemented: { status: 501, message: 'The operation %s is declared in the spec but has no handler body yet.' },
  rest_forbidden: { status: 401, message: 'Sorry, you are not allowed to do that.' },
  rest_forbidden_context: { status: 401, message: 'Sorry, you are not allowed to edit posts in this post type.' },
  rest_cannot_create: { status: 401, message: 'Sorry, you are not allowed to create posts as this user.' },
  rest_cannot_edit: { status: 401, message: 'Sorry, you are not allowed to edit this post.' },
  rest_cannot_delete: { status: 401, message: 'Sorry, you are not allowed to delete this post.' },
  rest_cannot_publish: { status: 401, message: 'Sorry, you are not allowed to publish posts in this post type.' },
  rest_post_invalid_id: { status: 404, message: 'Invalid post ID.' },
  rest_post_invalid_page_number: { status: 400, message: 'The page number requested is larger than the number of pages available.' },
  rest_already_trashed: { status: 410, message: 'The post has already been deleted.' },
  rest_trash_not_supported: { status: 501, message: 'The post does not support trashing. Set \'%s\' to delete.' },
  rest_post_incorrect_password: { status: 403, message: 'Incorrect post password.' },
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed' },
  // Declarative behaviours (runtime/behaviors).
  rest_record_invalid_id: { status: 404, message: 'No record was found with that id.' },
  rest_record_exists: { status: 409, message: 'A record with that id already exists.' },
  rest_action_not_allowed: { status: 409, message: 'The record is %s and cannot become %s.' },
  rest_catalog_missing: { status: 404, message: 'The catalog %s is not part of this deployment.' },
  rest_upstream_not_configured: { status: 503, message: 'The %s service is not configured. Set %s to its address.' },
  rest_upstream_failed: { status: 502, message: 'The %s service did not answer.' },
  rest_upstream_timeout: { status: 504, message: 'The %s service did not answer in time.' },
  rest_upstream_rejected: { status: 400, message: 'The %s service refused the request.' },
  rest_upstream_bad_answer: { status: 502, message: 'The %s service answered something that is not JSON.' },
  rest_action_requires: { status: 409, message: 'The record needs %s to be %s first.' },
  rest_secret_mismatch: { status: 401, message: 'The %s does not match.' },
  rest_body_too_large: { status: 413, message: 'The request body is larger than this endpoint takes (%s bytes at most).' },
  // A merged option would outgrow its bounds (behaviors/option.ts): the stored value is left as it was.
  rest_option_too_large: { status: 400, message: 'The stored value would be %s bytes once merged; it may hold at most %s. Send smaller values.' },
  rest_option_too_many_keys: { status: 400, message: 'The stored value would have %s fields once merged; it may have at most %s. Send fewer fields.' },
  rest_too_many_requests: { status: 429, message: 'Too many requests from this address; try again in %s seconds.' },
  rest_signature_required: { status: 401, message: 'The request must be signed in the %s header.' },
  rest_signature_invalid: { status: 401, message: 'The signature in the %s header does not match the body.' },
  rest_signature_not_configured: { status: 503, message: 'Signed deliveries cannot be checked: set %s to the shared secret.' },
  rest_not_installed: { status: 409, message: '%s is not installed.' },
  rest_unavailable: { status: 501, message: '%s It needs %s.' },
  // The form suite (runtime/forms).
  rest_form_invalid_id: { status: 404, message: 'Invalid form ID.' },
  rest_entry_invalid_id: { status: 404, message: 'Invalid entry ID.' },
  rest_migrator_invalid_source: { status: 404, message: 'There is no form plugin %s to migrate from.' },
  rest_form_conversion_empty: { status: 400, message: 'No form fields were found to convert.' },
  rest_form_spam: { status: 400, message: 'The submission was refused as automated.' },
  // The page builder (runtime/pagebuilder).
  rest_variable_not_found: { status: 404, message: 'Variable %s was not found.' },
  rest_variable_duplicated_label: { status: 400, message: 'A variable labelled %s already exists.' },
  rest_builder_data_invalid: { status: 400, message: 'The builder data of document %s is not valid JSON.' },
  rest_variables_watermark_mismatch: { status: 409, message: 'The variables changed since they were loaded (watermark is now %s). Reload and try again.' },
  rest_batch_not_allowed: { status: 400, message: 'The requested route does not support batch requests.' },
  parse_path_failed: { status: 400, message: 'Could not parse the path.' },
  rest_request_too_large: { status: 413, message: 'The request body is larger than this server accepts (%s bytes).' },
  rest_bad_request: { status: 400, message: 'The request could not be read: %s' },
  // Answered by the HTTP layer before any route is matched (runtime/http).
  rest_request_header_too_large: { status: 431, message: 'The request line or headers are larger than this server accepts (%s bytes).' },
  rest_too_many_login_attempts: { status: 429, message: 'Too many failed login attempts. Try again in %s seconds.' },
  rest_request_timeout: { status: 408, message: 'The request was not received in time.' },
  rest_request_too_slow: { status: 408, message: 'The request body arrived slower than this server accepts (%s bytes per second).' },
  rest_handler_timeout: { status: 503, message: 'The request took longer than this server allows (%s ms). Try again later.' },
  rest_callback_invalid: { status: 400, message: 'Invalid JSONP callback function.' },
  internal_server_error: { status: 500, message: 'There has been a critical error on this website.' },
  // The database (runtime/store): input the engine cannot take.
  rest_unstorable_text: { status: 400, message: 'Text with a NUL character (U+0000) cannot be stored or searched for.' },
  // A commit whose sync to disk failed (store/sqlite/commit-sync.ts): it may not survive a power cut.
  // A write PostgreSQL kept stopping for conflicts with other writers (deadlocks), after the store
  // ran it again a few times (store/postgres/conflict-retry.ts): nothing was written; try again.
  rest_write_conflict: { status: 503, message: 'The change conflicted with other changes made at the same moment and was not made. Please try again.' },
  rest_write_not_durable: { status: 500, message: 'The change was made but could not be confirmed on disk, so it may be lost. The site needs to be restarted.' },
  // Media uploads, sideloads and edits (runtime/media).
  rest_upload_no_data: { status: 400, message: 'No data supplied.' },
  rest_upload_no_content_type: { status: 400, message: 'No Content-Type supplied.' },
  rest_upload_no_content_disposition: { status: 400, message: 'No Content-Disposition supplied.' },
  rest_upload_invalid_disposition: { status: 400, message: 'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.' },
  rest_upload_hash_mismatch: { status: 412, message: 'Content hash did not match expected.' },
  rest_upload_unknown_error: { status: 500, message: '%s' },
  // WordPress answers 500 for a refused type; it is the client's file, so 400 here.
  rest_upload_sideload_error: { status: 400, message: 'Sorry, you are not allowed to upload this file type.' },
  rest_upload_file_too_big: { status: 400, message: 'This file is too big. Files must be less than %s KB in size.' },
  rest_upload_image_too_large: { status: 400, message: 'The image has too many pixels to be processed (limit %s).' },
  // A decompression bomb: refused from its header, before decoding (media/image-meta.ts).
  rest_upload_image_too_dense: { code: 'rest_upload_image_too_large', status: 400, message: 'The image declares %s by %s pixels in a file of only %s bytes (more than %s pixels per byte), so it was refused without being decoded.' },
  rest_invalid_url: { status: 400, message: '%s' },
  rest_upload_remote_error: { status: 400, message: 'The file could not be fetched: %s' },
  rest_unknown_attachment: { status: 404, message: 'Unable to get meta information for file.' },
  rest_cannot_edit_file_type: { status: 400, message: 'This type of file cannot be edited.' },
  rest_image_not_edited: { status: 400, message: 'The image was not edited. Edit the image before applying the changes.' },
  rest_unknown_image_file_type: { status: 500, message: 'Unable to edit this image.' },
  rest_image_crop_failed: { status: 400, message: 'Unable to crop this image.' },
  // oEmbed (runtime/oembed).
  oembed_invalid_url: { status: 404, message: 'Not Found' },
  // The block editor's link preview (runtime/block-editor/url-details.ts), as WordPress's url-details controller.
  url_details_invalid_param: { code: 'rest_invalid_param', status: 400, message: 'Invalid parameter(s): url' },
  no_response: { status: 404, message: 'URL not found. Response returned a non-200 status code for this URL.' },
  no_content: { status: 404, message: 'Unable to retrieve body from response at this URL.' },
  // Posts, pages, revisions, autosaves (runtime/content).
  rest_forbidden_status: { status: 401, message: 'Status is forbidden.' },
  rest_no_search_term_defined: { status: 400, message: 'You need to define a search term to order by relevance.' },
  rest_orderby_include_missing_include: { status: 400, message: 'You need to define an include parameter to order by include.' },
  rest_post_exists: { status: 400, message: 'Cannot create existing post.' },
  empty_content: { status: 400, message: 'Content, title, and excerpt are empty.' },
  rest_invalid_featured_media: { status: 400, message: 'Invalid featured media ID.' },
  rest_cannot_edit_others: { status: 401, message: 'Sorry, you are not allowed to %s posts as this user.' },
  rest_cannot_assign_sticky: { status: 401, message: 'Sorry, you are not allowed to make posts sticky.' },
  rest_invalid_author: { status: 400, message: 'Invalid author ID.' },
  rest_post_invalid_parent: { status: 404, message: 'Invalid post parent ID.' },
  rest_invalid_post_parent: { code: 'rest_post_invalid_id', status: 400, message: 'Invalid post parent ID.' },
  rest_revision_invalid_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid revision ID.' },
  rest_autosave_invalid_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid autosave ID.' },
  rest_revision_trash_not_supported: { code: 'rest_trash_not_supported', status: 501, message: 'Revisions do not support trashing. Set \'%s\' to delete.' },
  rest_invalid_date: { status: 400, message: 'Invalid date.' },
  rest_invalid_field_sticky_password: { code: 'rest_invalid_field', status: 400, message: 'A post can not be sticky and have a password.' },
  rest_invalid_field_protect_sticky: { code: 'rest_invalid_field', status: 400, message: 'A sticky post can not be password protected.' },
  rest_invalid_field_sticky_protected: { code: 'rest_invalid_field', status: 400, message: 'A password protected post can not be set to sticky.' },
  rest_revision_invalid_page_number: { status: 400, message: 'The page number requested is larger than the number of pages available.' },
  rest_revision_invalid_offset_number: { status: 400, message: 'The offset number requested is larger than or equal to the number of available revisions.' },
  rest_revision_parent_id_mismatch: { status: 404, message: 'The revision does not belong to the specified parent.' },
  rest_post_no_autosave: { status: 404, message: 'There is no autosave revision for this post.' },
  rest_autosave_invalid_parent_id: { code: 'rest_post_invalid_id', status: 404, message: 'Invalid item ID.' },
  rest_invalid_template: { code: 'rest_invalid_param', status: 400, message: '%s is not one of %s.' },
  // Authentication (runtime/auth): application passwords (HTTP Basic), always 401.
  invalid_username: { status: 401, message: '<strong>Error</strong>: Unknown username. Check again or try your email address.' },
  invalid_email: { status: 401, message: '<strong>Error</strong>: Unknown email address. Check again or try your username.' },
  incorrect_password: { status: 401, message: 'The provided password is an invalid application password.' },
  application_passwords_disabled: { status: 401, message: 'Application passwords are not available.' },
  // Permission checks (runtime/auth/rules.ts): 401 anonymous, 403 logged in.
  forbidden: { code: 'rest_forbidden', status: 'auth', message: 'Sorry, you are not allowed to do that.' },
  oembed_proxy_forbidden: { code: 'rest_forbidden', status: 'auth', message: 'Sorry, you are not allowed to make proxied oEmbed requests.' },
  url_details_forbidden: { code: 'rest_cannot_view_url_details', status: 'auth', message: 'Sorry, you are not allowed to process remote URLs.' },
  navigation_fallback_forbidden: { code: 'rest_cannot_create', status: 'auth', message: 'Sorry, you are not allowed to create Navigation Menus as this user.' },
  export_forbidden: { code: 'rest_cannot_export_templates', status: 'auth', message: 'Sorry, you are not allowed to export templates and template parts.' },
  // The theme export (runtime/block-editor/theme-export.ts): the zip could not be written.
  export_zip_failed: { code: 'unable_to_create_zip', status: 500, message: 'Unable to open export file (archive) for writing.' },
  not_logged_in: { code: 'rest_not_logged_in', status: 401, message: 'You are not currently logged in.' },
  forbidden_context_list: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit posts in this post type.' },
  forbidden_context_item: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit this post.' },
  forbidden_status: { code: 'rest_forbidden_status', status: 'auth', message: 'Status is forbidden.' },
  cannot_read: { code: 'rest_cannot_read', status: 'auth', message: 'Sorry, you are not allowed to view this post.' },
  cannot_create: { code: 'rest_cannot_create', status: 'auth', message: 'Sorry, you are not allowed to create posts as this user.' },
  cannot_upload: { code: 'rest_cannot_create', status: 'auth', message: 'Sorry, you are not allowed to upload media on this site.' },
  cannot_upload_to_post: { code: 'rest_cannot_edit', status: 'auth', message: 'Sorry, you are not allowed to upload media to this post.' },
  cannot_edit: { code: 'rest_cannot_edit', status: 'auth', message: 'Sorry, you are not allowed to edit this post.' },
  cannot_edit_image: { code: 'rest_cannot_edit_image', status: 'auth', message: 'Sorry, you are not allowed to upload media on this site.' },
  cannot_edit_others: { code: 'rest_cannot_edit_others', status: 'auth', message: 'Sorry, you are not allowed to create posts as this user.' },
  cannot_update_others: { code: 'rest_cannot_edit_others', status: 'auth', message: 'Sorry, you are not allowed to update posts as this user.' },
  cannot_assign_sticky: { code: 'rest_cannot_assign_sticky', status: 'auth', message: 'Sorry, you are not allowed to make posts sticky.' },
  cannot_delete: { code: 'rest_cannot_delete', status: 'auth', message: 'Sorry, you are not allowed to delete this post.' },
  cannot_publish: { code: 'rest_cannot_publish', status: 'auth', message: 'Sorry, you are not allowed to publish posts in this post type.' },
  cannot_read_revisions: { code: 'rest_cannot_read', status: 'auth', message: 'Sorry, you are not allowed to view revisions of this post.' },
  cannot_delete_revisions: { code: 'rest_cannot_delete', status: 'auth', message: 'Sorry, you are not allowed to delete revisions of this post.' },
  cannot_delete_revision: { code: 'rest_cannot_delete', status: 'auth', message: 'Sorry, you are not allowed to delete this revision.' },
  cannot_read_autosaves: { code: 'rest_cannot_read', status: 'auth', message: 'Sorry, you are not allowed to view autosaves of this post.' },
  // Users (runtime/users).
  user_invalid_id: { code: 'rest_user_invalid_id', status: 404, message: 'Invalid user ID.' },
  user_cannot_list: { code: 'rest_user_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to list users.' },
  user_cannot_create: { code: 'rest_cannot_create_user', status: 'auth', message: 'Sorry, you are not allowed to create new users.' },
  user_cannot_edit: { code: 'rest_cannot_edit', status: 'auth', message: 'Sorry, you are not allowed to edit this user.' },
  user_cannot_edit_roles: { code: 'rest_cannot_edit_roles', status: 'auth', message: 'Sorry, you are not allowed to edit roles of this user.' },
  user_cannot_delete: { code: 'rest_user_cannot_delete', status: 'auth', message: 'Sorry, you are not allowed to delete this user.' },
  user_exists: { code: 'rest_user_exists', status: 400, message: 'Cannot create existing user.' },
  user_invalid_username: { code: 'rest_user_invalid_username', status: 400, message: 'This username is invalid because it uses illegal characters. Please enter a valid username.' },
  user_username_too_long: { code: 'user_login_too_long', status: 400, message: 'Username may not be longer than 60 characters.' },
  user_login_taken: { code: 'existing_user_login', status: 400, message: 'Sorry, that username already exists!' },
  user_email_taken: { code: 'existing_user_email', status: 400, message: 'Sorry, that email address is already used!' },
  user_invalid_password: { code: 'rest_user_invalid_password', status: 400, message: 'Passwords cannot be empty.' },
  user_password_backslash: { code: 'rest_user_invalid_password', status: 400, message: 'Passwords cannot contain the "\\" character.' },
  user_invalid_role: { code: 'rest_user_invalid_role', status: 400, message: 'The role %s does not exist.' },
  user_role_forbidden: { code: 'rest_user_invalid_role', status: 'auth', message: 'Sorry, you are not allowed to give users that role.' },
  user_email_invalid_owner: { code: 'rest_user_invalid_email', status: 400, message: 'Invalid email address.' },
  user_username_not_editable: { code: 'rest_user_invalid_argument', status: 400, message: 'Username is not editable.' },
  user_invalid_slug: { code: 'rest_user_invalid_slug', status: 400, message: 'Invalid slug.' },
  user_trash_not_supported: { code: 'rest_trash_not_supported', status: 501, message: "Users do not support trashing. Set 'force=true' to delete." },
  user_invalid_reassign_param: { code: 'rest_invalid_param', status: 400, message: 'Invalid user parameter(s).' },
  user_invalid_reassign: { code: 'rest_user_invalid_reassign', status: 400, message: 'Invalid user ID for reassignment.' },
  user_has_content: { code: 'rest_user_has_content', status: 409, message: 'This user still has content; give `reassign` the id of the user who should receive it.' },
  user_cannot_filter_roles: { code: 'rest_user_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to filter users by role.' },
  user_cannot_filter_caps: { code: 'rest_user_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to filter users by capability.' },
  user_forbidden_context_list: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit users.' },
  user_forbidden_context_item: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit this user.' },
  user_forbidden_orderby: { code: 'rest_forbidden_orderby', status: 'auth', message: 'Sorry, you are not allowed to order users by this parameter.' },
  user_forbidden_who: { code: 'rest_forbidden_who', status: 'auth', message: 'Sorry, you are not allowed to query users by this parameter.' },
  // Categories and tags (runtime/terms).
  term_invalid: { code: 'rest_term_invalid', status: 404, message: 'Term does not exist.' },
  term_forbidden_context: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit terms in this taxonomy.' },
  term_cannot_create: { code: 'rest_cannot_create', status: 'auth', message: 'Sorry, you are not allowed to create terms in this taxonomy.' },
  term_cannot_update: { code: 'rest_cannot_update', status: 'auth', message: 'Sorry, you are not allowed to edit this term.' },
  term_cannot_delete: { code: 'rest_cannot_delete', status: 'auth', message: 'Sorry, you are not allowed to delete this term.' },
  term_post_forbidden: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to view terms for this post.' },
  // Comments list (runtime/comments).
  comments_without_post: { code: 'rest_cannot_read', status: 'auth', message: 'Sorry, you are not allowed to read comments without a post.' },
  comments_cannot_read_post: { code: 'rest_cannot_read_post', status: 'auth', message: 'Sorry, you are not allowed to read the post for this comment.' },
  comments_forbidden_context: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit comments.' },
  comments_forbidden_param: { code: 'rest_forbidden_param', status: 'auth', message: 'Query parameter not permitted: %s' },
  // Types and taxonomies (runtime/types).
  type_invalid: { code: 'rest_type_invalid', status: 404, message: 'Invalid post type.' },
  type_forbidden_context: { code: 'rest_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to edit posts in this post type.' },
  type_forbidden_context_item: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit posts in this post type.' },
  taxonomy_invalid: { code: 'rest_taxonomy_invalid', status: 404, message: 'Invalid taxonomy.' },
  taxonomy_forbidden_context: { code: 'rest_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to manage terms in this taxonomy.' },
  taxonomy_forbidden_context_item: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to manage terms in this taxonomy.' },
  // The block editor's routes: site settings, themes, global styles, patterns, templates (runtime/settings, themes, global-styles, patterns, templates).
  settings_invalid_value: { code: 'rest_invalid_param', status: 400, message: 'Invalid parameter(s): %s' },
  themes_cannot_view: { code: 'rest_cannot_view_themes', status: 'auth', message: 'Sorry, you are not allowed to view themes.' },
  themes_cannot_view_active: { code: 'rest_cannot_view_active_theme', status: 'auth', message: 'Sorry, you are not allowed to view the active theme.' },
  theme_not_found: { code: 'rest_theme_not_found', status: 404, message: 'Theme not found.' },
  global_styles_cannot_read: { code: 'rest_cannot_read_global_styles', status: 'auth', message: 'Sorry, you are not allowed to access the global styles on this site.' },
  global_styles_not_found: { code: 'rest_global_styles_not_found', status: 404, message: 'No global styles config exist with that id.' },
  global_styles_forbidden_context: { code: 'rest_forbidden_context', status: 'auth', message: 'Sorry, you are not allowed to edit this global style.' },
  global_styles_cannot_view: { code: 'rest_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to view this global style.' },
  global_styles_cannot_edit: { code: 'rest_cannot_edit', status: 'auth', message: 'Sorry, you are not allowed to edit this global style.' },
  global_styles_css_markup: { code: 'rest_custom_css_illegal_markup', status: 400, message: 'Markup is not allowed in CSS.' },
  block_patterns_cannot_view: { code: 'rest_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to view the registered block patterns.' },
  block_pattern_categories_cannot_view: { code: 'rest_cannot_view', status: 'auth', message: 'Sorry, you are not allowed to view the registered block pattern categories.' },
  templates_cannot_manage: { code: 'rest_cannot_manage_templates', status: 'auth', message: 'Sorry, you are not allowed to access the templates on this site.' },
  template_not_found: { code: 'rest_template_not_found', status: 404, message: 'No templates exist with that id.' },
  template_not_removable: { code: 'rest_invalid_template', status: 400, message: 'Templates based on theme files can\'t be removed.' },
  template_already_trashed: { code: 'rest_template_already_trashed', status: 410, message: 'The template has already been deleted.' },
  block_cannot_assign_term: { code: 'rest_cannot_assign_term', status: 'auth', message: 'Sorry, you are not allowed to assign the provided terms.' },
  post_incorrect_password: { code: 'rest_post_incorrect_password', status: 403, message: 'Incorrect post password.' },
  empty_term_name: { status: 400, message: 'A name is required for this term.' },
  // Media fields (runtime/media/fields.ts).
  rest_invalid_parent_type: { code: 'rest_invalid_param', status: 400, message: 'Invalid parent type.' },
  // Users, categories and tags (runtime/users, runtime/terms).
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  rest_user_invalid_page_number: { status: 400, message: 'The page number requested is larger than the number of pages available.' },
  rest_term_invalid: { status: 404, message: 'Term does not exist.' },
  rest_term_invalid_page_number: { status: 400, message: 'The page number requested is larger than the number of pages available.' },
  term_exists: { status: 400, message: 'A term with the name provided already exists with this parent.' },
  term_exists_in_taxonomy: { code: 'term_exists', status: 400, message: 'A term with the name provided already exists in this taxonomy.' },
  duplicate_term_slug: { status: 400, message: 'The slug &#8220;%s&#8221; is already in use by another term.' },
  rest_term_invalid_parent: { status: 400, message: 'Parent term does not exist.' },
  rest_term_trash_not_supported: { code: 'rest_trash_not_supported', status: 501, message: 'Terms do not support trashing. Set \'%s\' to delete.' },
  rest_type_invalid: { status: 404, message: 'Invalid post type.' },
  rest_taxonomy_invalid: { status: 404, message: 'Invalid taxonomy.' },
} satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof ERRORS;
/** @deprecated name kept for call sites written before the registry held variants: a registry key. */
export type ErrorCode = ErrorKey;

/** Builds a registered error; `args` fill the message's `%s` in order; status may be overridden. */
export function restError(key: ErrorKey, args: string[] = [], data: Record<string, unknown> = {}, status?: number): RestError {
  const entry: ErrorEntry = ERRORS[key];
  let i = 0;
  const message = entry.message.replace(/%s/g, () => args[i++] ?? '');
  return new RestError(entry.code ?? key, message, status ?? (entry.status === 'auth' ? 401 : entry.status), data);
}

/** A permission refusal: an `'auth'` entry answers 401 to anonymous callers, 403 to logged-in ones. */
export function authError(key: ErrorKey, user: unknown = null, args: string[] = []): RestError {
  const entry: ErrorEntry = ERRORS[key];
  return restError(key, args, {}, entry.status === 'auth' ? (user ? 403 : 401) : entry.status);
}

/** A sanitize-time refusal of one param, wrapped as WordPress wraps it in rest_invalid_param. */
export function invalidParam(param: string, inner: RestError, withData = true): RestError {
  return restError('rest_invalid_param', [param], {
    params: { [param]: inner.message },
    // `withData: false` for refusals WordPress raises without data (their details say null).
    details: { [param]: { code: inner.code, message: inner.message, data: withData ? { status: inner.status, ...inner.data } : null } },
  });
}

/**
 * An error a remote service answered, relayed with its own code and message (the upstream
 * forwarding contract, runtime/upstream): the one kind of error whose code is not ours to register.
 */
export function relayedError(code: string, message: string, status: number, data: Record<string, unknown> = {}): RestError {
  return new RestError(code, message, status, data);
}
