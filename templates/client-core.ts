// ---- Transport: fixed part of every generated client (templates/client-core.ts). ----
// Only `fetch` is used, so the client runs in browsers, Node 20+, Deno and workers alike.

/** An error answered by the server, in the interface's shape `{ code, message, data: { status } }`. */
export class SpecpressError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}) {
    super(message);
    this.name = 'SpecpressError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/**
 * How requests authenticate: an application password (HTTP Basic), or a logged-in browser
 * session (cookie plus the `X-WP-Nonce` header), or nothing.
 */
export type ClientAuth =
  | { kind: 'application-password'; username: string; password: string }
  | { kind: 'nonce'; nonce: string }
  | { kind: 'none' };

export interface ClientOptions {
  /** The REST root, e.g. `https://example.org/wp-json` (no trailing slash needed). */
  restUrl: string;
  auth?: ClientAuth;
  /** Another fetch (tests, instrumentation); the global one by default. */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

/** One page of a collection with the totals the server sent (`X-WP-Total`, `X-WP-TotalPages`). */
export interface Page<T> {
  items: T[];
  total: number | null;
  totalPages: number | null;
}

/** Per-call extras: a file to upload (sent as multipart/form-data), headers, an abort signal. */
export interface CallOptions {
  /** Uploads `data` as the `file` field, with the args as form fields (media uploads). */
  file?: { data: Blob; filename: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface RawResponse {
  data: unknown;
  headers: Headers;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** PHP-style query encoding (`a[]=1&a[]=2`, `o[k]=v`), which the server parses like WordPress: key/value pairs. */
function encodeQuery(value: unknown, key: string, out: Array<[string, string]>): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) encodeQuery(item, `${key}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) encodeQuery(v, `${key}[${k}]`, out);
  } else {
    out.push([
      key,
      value === null ? '' : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value),
    ]);
  }
}

/** The pairs of every arg, in arg order. */
function pairsOf(args: Record<string, unknown>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(args)) encodeQuery(v, k, pairs);
  return pairs;
}

/** Base64 of a UTF-8 string without Buffer, so it works outside Node too. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function authHeaders(auth: ClientAuth | undefined): Record<string, string> {
  if (auth?.kind === 'application-password')
    return { authorization: `Basic ${base64(`${auth.username}:${auth.password}`)}` };
  if (auth?.kind === 'nonce') return { 'x-wp-nonce': auth.nonce };
  return {};
}

/** Replaces `<name>` captures of a route path by the matching args, which leave the params. */
function fillPath(
  path: string,
  args: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...args };
  const filled = path.replace(/<([A-Za-z_][A-Za-z0-9_]*)>/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null)
      throw new SpecpressError(
        'specpress_client_missing_capture',
        `Missing path parameter: ${name}`,
        0,
      );
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Form fields of a multipart body, nested values in the same bracket form as the query. */
function formData(args: Record<string, unknown>, file: { data: Blob; filename: string }): FormData {
  const form = new FormData();
  for (const [key, value] of pairsOf(args)) form.append(key, value);
  form.append('file', file.data, file.filename);
  return form;
}

async function send(
  options: ClientOptions,
  method: string,
  path: string,
  args: object,
  init: CallOptions = {},
): Promise<RawResponse> {
  const { path: filled, rest } = fillPath(path, args as Record<string, unknown>);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...options.headers,
    ...authHeaders(options.auth),
    ...init.headers,
  };
  let url = `${options.restUrl.replace(/\/+$/, '')}${filled}`;
  const request: RequestInit = {
    method,
    headers,
    // A nonce is only accepted together with the session cookie it was made for.
    credentials: options.auth?.kind === 'nonce' ? 'include' : 'same-origin',
  };
  if (init.signal !== undefined) request.signal = init.signal;
  if (init.file) {
    // fetch sets the multipart content type with its boundary itself.
    request.body = formData(rest, init.file);
  } else if (BODY_METHODS.has(method)) {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(rest);
  } else {
    const query = pairsOf(rest).map(
      ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    );
    if (query.length > 0) url += `${url.includes('?') ? '&' : '?'}${query.join('&')}`;
  }
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url, request);
  const data = await readBody(response);
  if (!response.ok) {
    const error = (data ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
    const errorData =
      typeof error.data === 'object' && error.data !== null
        ? (error.data as Record<string, unknown>)
        : {};
    if (typeof error.code === 'string') {
      throw new SpecpressError(error.code, String(error.message ?? ''), response.status, errorData);
    }
    throw new SpecpressError(
      'http_error',
      `HTTP ${response.status} ${response.statusText}`,
      response.status,
      { body: data },
    );
  }
  return { data, headers: response.headers };
}

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value);
}

async function fetchPage<T>(
  options: ClientOptions,
  path: string,
  args: object,
  page: number,
  init?: CallOptions,
): Promise<Page<T>> {
  const { data, headers } = await send(options, 'GET', path, { ...args, page }, init);
  return {
    items: Array.isArray(data) ? (data as T[]) : [],
    total: headerNumber(headers, 'x-wp-total'),
    totalPages: headerNumber(headers, 'x-wp-totalpages'),
  };
}

/** Every page of a collection in turn, from the requested `page` (default 1) to the last. */
async function* iteratePages<T>(
  options: ClientOptions,
  path: string,
  args: object,
  init?: CallOptions,
): AsyncGenerator<Page<T>> {
  let page = Number((args as { page?: unknown }).page ?? 1);
  for (;;) {
    const current = await fetchPage<T>(options, path, args, page, init);
    yield current;
    const last = current.totalPages ?? (current.items.length === 0 ? page : page + 1);
    if (page >= last || current.items.length === 0) return;
    page++;
  }
}

/** All items of a collection over every page. */
async function collectAll<T>(
  options: ClientOptions,
  path: string,
  args: object,
  init?: CallOptions,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of iteratePages<T>(options, path, args, init)) items.push(...page.items);
  return items;
}

async function call<R>(
  options: ClientOptions,
  method: string,
  path: string,
  args: object,
  init?: CallOptions,
): Promise<R> {
  return (await send(options, method, path, args, init)).data as R;
}

// ---- Generated part: one function per endpoint. ----

/** The item type of a collection result. */
export type ItemOf<R> = R extends (infer I)[] ? I : unknown;
