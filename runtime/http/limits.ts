/**
 * Time and size limits of the HTTP transport, so that a slow or idle client cannot hold a
 * connection (and its descriptor and memory) forever. Each has a default, may be set in the
 * server config (`AppConfig.http`), and in the environment (`SPECPRESS_<NAME>`), which wins.
 */

export interface HttpLimits {
  /** Until the request line and headers are in (Node's headersTimeout): 408. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, is in (Node's requestTimeout): 408. */
  requestTimeoutMs: number;
  /** A body slower than this on average, once `bodyRateGraceMs` has passed: 408. 0 turns it off. */
  bodyMinBytesPerSecond: number;
  bodyRateGraceMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A request whose answer takes longer is answered 503 (the work may still finish). 0 turns it off. */
  handlerTimeoutMs: number;
  /** Request line plus headers: 431 beyond. */
  maxHeaderBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  bodyMinBytesPerSecond: 512,
  bodyRateGraceMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  handlerTimeoutMs: 60_000,
  maxHeaderBytes: 16_384,
};

/** `headersTimeoutMs` → `SPECPRESS_HEADERS_TIMEOUT_MS`. */
export function envNameOf(key: keyof HttpLimits): string {
  return `SPECPRESS_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Defaults, then the config's values, then the environment's; a value that is not a number ≥ 0 is an error. */
export function resolveHttpLimits(configured: Partial<HttpLimits> = {}, env: NodeJS.ProcessEnv = process.env): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS };
  for (const key of Object.keys(DEFAULT_HTTP_LIMITS) as Array<keyof HttpLimits>) {
    const fromEnv = env[envNameOf(key)];
    const value = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : configured[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < 0) throw new Error(`${envNameOf(key)} must be a number of 0 or more (got "${fromEnv ?? value}")`);
    limits[key] = value;
  }
  return limits;
}
