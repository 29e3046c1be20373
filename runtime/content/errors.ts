/**
 * The content services' shorthand for registry errors (status before data, as their call sites
 * read). Wire codes and message variants live in the registry, runtime/rest/errors.ts.
 */
import { restError, type ErrorKey, type RestError } from '../rest/errors.ts';

export { invalidParam } from '../rest/errors.ts';

export function contentError(key: ErrorKey, args: string[] = [], status?: number, data: Record<string, unknown> = {}): RestError {
  return restError(key, args, data, status);
}
