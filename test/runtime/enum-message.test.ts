/** Enum refusals read as rest_validate_enum words them: "is not X" for one choice, a list otherwise. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    users: false,
    routes: [makeRoute({
      namespace: 'enum/v1',
      path: '/enum/v1/run',
      endpoints: [{ methods: ['GET'], args: { action: { type: 'string', enum: ['only-this'] }, mode: { type: 'string', enum: ['a', 'b', 'c'] } }, handle: () => ({ data: { ok: true } }) }],
    })],
  });
});
afterAll(async () => server?.close());

const params = async (query: string) => (await (await fetch(`${server.restUrl}/enum/v1/run?${query}`)).json()).data.params;

describe('enum messages', () => {
  it('one choice: "is not X"', async () => {
    expect((await params('action=nope')).action).toBe('action is not only-this.');
  });

  it('several choices: "is not one of a, b, and c"', async () => {
    expect((await params('mode=z')).mode).toBe('mode is not one of a, b, and c.');
  });
});
