/**
 * Sends a hostile request and judges the answer by the sweep's rules: an answer within a few
 * seconds, no 5xx except the deliberate ones, and every error a JSON body in WordPress's shape
 * whose `data.status` is the HTTP status. Failures are collected, not thrown, so that one run
 * lists them all. Uses node:http because fetch refuses a body on GET, which clients do send.
 */
import http from 'node:http';

export interface HostileRequest {
  /** What is being tried, for the failure list. */
  label: string;
  method: string;
  /** Path and query after the REST root, e.g. `/core/v2/posts?per_page=x`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The error code the answer must carry: a refusal the sweep counts on (refusal-keys.ts). */
  refusedWith?: string;
  /** The status of that refusal (400 unless said). */
  refusedStatus?: number;
}

export interface Failure {
  label: string;
  request: string;
  problem: string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

// A request still unanswered after this is a hang: answers take milliseconds on an idle machine,
// and this leaves a busy one room.
const ANSWER_WITHIN_MS = 30_000;
/**
 * 5xx codes that are deliberate: WordPress's own 501s, upstream services that are absent or down,
 * what this server honestly cannot do (`unavailable` behaviours), and signed webhooks whose
 * shared secret is not configured.
 */
export const DELIBERATE_5XX = /^(rest_upstream_\w+|rest_trash_not_supported|rest_revision_trash_not_supported|rest_unavailable|rest_signature_not_configured)$/;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A kept-alive socket the server closed for idleness just as it was picked for the next request
 * fails with ECONNRESET before the request reached the server (Node's documented race); such a
 * request is sent again once, on a new socket. A reset on a fresh socket stays a failure.
 */
async function request(url: URL, req: HostileRequest): Promise<Answer> {
  try {
    return await requestOnce(url, req, agent);
  } catch (error) {
    // Not through the agent again: after a pause longer than the server's keep-alive timeout,
    // every idle socket it holds is a closed one, and it would hand out the next.
    if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return requestOnce(url, req, false);
    throw error;
  }
}

function requestOnce(url: URL, req: HostileRequest, through: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const out = http.request(url, { method: req.method, headers, agent: through, timeout: ANSWER_WITHIN_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    out.on('timeout', () => out.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    out.on('error', (error) => reject(Object.assign(error, { reusedSocket: out.reusedSocket })));
    out.end(body);
  });
}

export class SweepClient {
  readonly failures: Failure[] = [];
  sent = 0;
  /** Milliseconds spent per method and route path (query left out), to see where time goes. */
  readonly timeByRoute = new Map<string, number>();

  constructor(private readonly restUrl: string) {}

  async send(req: HostileRequest): Promise<void> {
    this.sent++;
    const where = `${req.method} ${req.path.length > 160 ? `${req.path.slice(0, 160)}…` : req.path}`;
    const fail = (problem: string) => this.failures.push({ label: req.label, request: where, problem });
    let answer: Answer;
    const started = performance.now();
    try {
      answer = await request(new URL(`${this.restUrl}${req.path}`), req);
    } catch (error) {
      fail(`no answer: ${(error as Error).message}`);
      return;
    } finally {
      const key = `${req.method} ${req.path.split('?')[0]}`;
      this.timeByRoute.set(key, (this.timeByRoute.get(key) ?? 0) + performance.now() - started);
    }
    const problem = judge(answer, req.method) ?? (req.refusedWith ? refusedAs(answer, req.refusedWith, req.refusedStatus ?? 400) : undefined);
    if (problem) fail(problem);
  }

  /** Runs the requests `parallel` at a time. */
  async sendAll(requests: Iterable<HostileRequest>, parallel = 6): Promise<void> {
    const queue = [...requests];
    // An index, not shift(): shifting a list of tens of thousands costs a copy each time.
    let taken = 0;
    const worker = async () => {
      while (taken < queue.length) await this.send(queue[taken++]!);
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }
}

/** The sweep's rules on one answer: undefined when it is fine, else what is wrong. */
export function judge({ status, contentType, text }: Answer, method: string): string | undefined {
  if (status < 400) return undefined;
  // A HEAD answer has no body to name its code: 502/503 are judged on the GET twin.
  if (method === 'HEAD') return status >= 500 && status !== 502 && status !== 503 ? `status ${status}` : undefined;
  // A refused `_jsonp` answers as WordPress's json_error does: JavaScript type, JSON body, no data.
  const jsonpRefusal = contentType.startsWith('application/javascript') && text.includes('"rest_callback_invalid"');
  if (!contentType.startsWith('application/json') && !jsonpRefusal) return `status ${status} with ${contentType}: ${text.slice(0, 120)}`;
  let body: { code?: unknown; message?: unknown; data?: { status?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 120)}`;
  }
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return `error body without code/message: ${text.slice(0, 200)}`;
  if (jsonpRefusal) return status === 400 ? undefined : `rest_callback_invalid with status ${status}`;
  if (body.data?.status !== status) return `data.status ${String(body.data?.status)} on a ${status} answer (${body.code})`;
  if (status >= 500 && !DELIBERATE_5XX.test(body.code)) return `status ${status} ${body.code}: ${body.message}`;
  return undefined;
}

/** Undefined when the answer is a `want` (status) with `code`, else what it is instead. */
function refusedAs({ status, text }: Answer, code: string, want: number): string | undefined {
  let body: { code?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return status === want && body?.code === code ? undefined : `expected a ${want} ${code}, got ${status} ${text.slice(0, 120)}`;
}

export function closeSweepAgent(): void {
  agent.destroy();
}
