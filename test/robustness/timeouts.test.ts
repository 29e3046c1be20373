/**
 * Slow and idle clients are cut off (real sockets on loopback, small limits so the test is
 * quick): headers that never finish, a body trickling below the minimum rate, a body that
 * keeps up its rate but never ends, an idle keep-alive connection, and a handler that takes
 * too long. Each answer that can still be sent is in the interface's shape.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';
import { resolveHttpLimits } from '../../runtime/http/limits.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  const slow = makeRoute({
    namespace: 'demo/v1',
    path: '/demo/v1/slow',
    endpoints: [{ methods: ['GET', 'POST'], argsMode: 'undeclared', handle: async () => new Promise((resolve) => setTimeout(() => resolve({ data: { done: true } }), 1500)) }],
  });
  const fast = makeRoute({ namespace: 'demo/v1', path: '/demo/v1/fast', endpoints: [{ methods: ['GET', 'POST'], argsMode: 'undeclared', handle: async () => ({ data: { ok: true } }) }] });
  server = await startTestServer({
    routes: [slow, fast],
    users: false,
    // Each limit far from the others, so that which one cut a connection shows even when a busy machine is late.
    config: { maxUploadBytes: 2000, http: { headersTimeoutMs: 600, requestTimeoutMs: 6000, bodyMinBytesPerSecond: 50, bodyRateGraceMs: 500, keepAliveTimeoutMs: 400, handlerTimeoutMs: 700 } },
  });
  port = Number(new URL(server.siteUrl).port);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface Outcome {
  text: string;
  closedAfterMs: number | null;
}

/**
 * Opens a socket, runs `drive` on it, and reports what came back and when the server closed it
 * (null: still open after `giveUpMs`, by default the suite's patience: the server is then not
 * going to close it).
 */
function slowClient(drive: (socket: net.Socket) => void, giveUpMs = PATIENCE_MS): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, closedAfterMs: closed ? Date.now() - started : null });
    };
    const giveUp = setTimeout(() => settle(false), giveUpMs);
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => settle(true));
    socket.on('error', () => settle(true));
    socket.on('connect', () => drive(socket));
  });
}

function bodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

describe('timeouts on slow clients', { timeout: 2 * PATIENCE_MS }, () => {
  it('headers that never finish: 408 in shape, connection closed', async () => {
    const out = await slowClient((s) => s.write('GET /wp-json/demo/v1/fast HTTP/1.1\r\nHost: x\r\n'));
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(5000); // the headers' 600 ms, not the whole request's 6 s
    expect(out.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(out.text).toMatch(/Connection: close/i);
    expect(bodyOf(out.text)).toMatchObject({ code: 'rest_request_timeout', data: { status: 408 } });
  });

  it('a body trickling below the minimum rate: 408 rest_request_too_slow, connection closed', async () => {
    let timer: NodeJS.Timeout | undefined;
    const out = await slowClient((s) => {
      s.write('POST /wp-json/demo/v1/fast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
      timer = setInterval(() => s.writable && s.write(' '), 100); // 10 bytes/s, a fifth of the minimum
    });
    clearInterval(timer);
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(5000); // before the whole-request timeout
    expect(out.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(out.text).toMatch(/connection: close/i);
    expect(bodyOf(out.text)).toMatchObject({ code: 'rest_request_too_slow', data: { status: 408 } });
  });

  it('a body at a fine rate that never ends is cut at the whole-request timeout', async () => {
    let timer: NodeJS.Timeout | undefined;
    const out = await slowClient((s) => {
      s.write('POST /wp-json/demo/v1/fast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1990\r\n\r\n');
      // 200 bytes/s: four times the minimum rate, and 10 s for the whole body, well past the whole-request timeout (6 s).
      timer = setInterval(() => s.writable && s.write(' '.repeat(40)), 200);
    });
    clearInterval(timer);
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeGreaterThanOrEqual(5500);
    if (out.text) expect(bodyOf(out.text)).toMatchObject({ code: 'rest_request_timeout', data: { status: 408 } });
  });

  it('an idle keep-alive connection is closed after its timeout', async () => {
    const out = await slowClient((s) => s.write('GET /wp-json/demo/v1/fast HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(out.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(5000); // the configured 400 ms (the socket closes about 1.5 s in on an idle machine), not Node's default 5 s
  });

  it('a handler over its time answers 503 with Retry-After in shape; a fast one is untouched', async () => {
    const slow = await fetch(`${server.restUrl}/demo/v1/slow`, { signal: patient() });
    expect(slow.status).toBe(503);
    expect(slow.headers.get('retry-after')).toBe('1');
    expect(await slow.json()).toMatchObject({ code: 'rest_handler_timeout', data: { status: 503 } });
    const fast = await fetch(`${server.restUrl}/demo/v1/fast`, { signal: patient() });
    expect(fast.status).toBe(200);
  });
});

describe('bodies over the size limit', { timeout: 2 * PATIENCE_MS }, () => {
  it('are a shaped 413 with Connection: close, on POST and on GET alike', async () => {
    for (const method of ['POST', 'GET']) {
      const out = await slowClient((s) => s.write(`${method} /wp-json/demo/v1/fast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n${' '.repeat(5000)}`));
      expect(out.text, method).toMatch(/^HTTP\/1\.1 413 /);
      expect(out.text, method).toMatch(/connection: close/i);
      expect(bodyOf(out.text)).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    }
  });
});

describe('limits are configurable', () => {
  it('environment over config over defaults; nonsense refused', () => {
    expect(resolveHttpLimits({}, {}).headersTimeoutMs).toBe(20_000);
    expect(resolveHttpLimits({ headersTimeoutMs: 5 }, {}).headersTimeoutMs).toBe(5);
    expect(resolveHttpLimits({ headersTimeoutMs: 5 }, { SPECPRESS_HEADERS_TIMEOUT_MS: '9' }).headersTimeoutMs).toBe(9);
    expect(resolveHttpLimits({}, { SPECPRESS_BODY_MIN_BYTES_PER_SECOND: '0' }).bodyMinBytesPerSecond).toBe(0);
    expect(() => resolveHttpLimits({}, { SPECPRESS_HANDLER_TIMEOUT_MS: 'soon' })).toThrow(/SPECPRESS_HANDLER_TIMEOUT_MS/);
  });
});
