/**
 * A studio test server for the block editor's routes, with `call(role, method, path, body?)`
 * answering status, headers and the parsed body.
 */
import { startTestServer, type StartTestServerOptions, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';

export type Who = TestRole | 'anonymous';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface EditorServer extends TestServer {
  call: (who: Who, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;
}

export async function startEditorServer(opts: StartTestServerOptions = {}): Promise<EditorServer> {
  const s = await startTestServer({ deployment: 'studio', ...opts });
  const call = async (who: Who, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const h: Record<string, string> = { ...s.authHeaders(who), ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${s.restUrl}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return { ...s, call };
}
