/**
 * WordPress answers some codes with several wordings (rest_post_invalid_id: "Invalid post ID.",
 * "Invalid revision ID.", "Invalid autosave ID."...). The registry keys must be unique, so those
 * variants have their own key there and this table names the code they go out with.
 */
import { RestError, restError, type ErrorCode } from '../rest/errors.ts';

const WIRE_CODE: Partial<Record<ErrorCode, string>> = {
  rest_revision_invalid_id: 'rest_post_invalid_id',
  rest_autosave_invalid_id: 'rest_post_invalid_id',
  rest_invalid_post_parent: 'rest_post_invalid_id',
  rest_revision_trash_not_supported: 'rest_trash_not_supported',
  rest_invalid_field_sticky_password: 'rest_invalid_field',
  rest_autosave_invalid_parent_id: 'rest_post_invalid_id',
  rest_invalid_template: 'rest_invalid_param',
  rest_invalid_field_protect_sticky: 'rest_invalid_field',
  rest_invalid_field_sticky_protected: 'rest_invalid_field',
};

export function contentError(key: ErrorCode, args: string[] = [], status?: number, data: Record<string, unknown> = {}): RestError {
  const e = restError(key, args, data, status);
  const wire = WIRE_CODE[key];
  return wire ? new RestError(wire, e.message, e.status, e.data) : e;
}

/** A sanitize-time refusal of one param, wrapped as WordPress wraps it in rest_invalid_param. */
export function invalidParam(param: string, inner: RestError, withData = true): RestError {
  return restError('rest_invalid_param', [param], {
    params: { [param]: inner.message },
    // `withData: false` for refusals WordPress raises without data (their details say null).
    details: { [param]: { code: inner.code, message: inner.message, data: withData ? { status: inner.status, ...inner.data } : null } },
  });
}
