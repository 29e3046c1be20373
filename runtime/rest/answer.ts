/**
 * The one place a service's answer takes its operation's result type. Items are assembled field
 * by field at run time (content/prepare.ts and the like build them from the registered fields,
 * the context and `_fields`), so the compiler cannot follow them to the generated result type the
 * handler declares (`Post`, `Term[]`...). A service returns `HandlerResult<R>`, `R` inferred from
 * the handler that returns it, and says here which data that is; what it promises is held at run
 * time instead: the generated contract tests and `serve --check-answers` (rest/check-answers.ts)
 * validate every answer against the operation's published schema.
 */

/** Data answered as the calling operation's result `R`, with the status and headers given. */
export function asResult<R>(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): { data: R; status?: number; headers?: Record<string, string> } {
  const { status, headers } = init;
  return { data: data as R, ...(status !== undefined ? { status } : {}), ...(headers !== undefined ? { headers } : {}) };
}
