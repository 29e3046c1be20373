/**
 * `tests/contract.test.ts` of a deployment: a vitest suite run against a live test server
 * (one start per suite) proving that discovery lists every route with exactly the spec's args,
 * that each breakable constraint is answered 400 in WordPress's shape, and that every route
 * answers OPTIONS.
 */
import type { DeploymentModel, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { routeMethods } from './discovery.ts';
import { samplePath, validValue, violationsOf } from './sample-values.ts';
import { emitSuccessTests } from './success-tests.ts';
import { generatedBanner, tableConstant } from './ts-source.ts';
import { dataFile } from './data-file.ts';
import { importStatement } from './literal-layout.ts';
import type { ContractCase as Case } from '../../contract/contract-case.ts';


const QUERY_METHODS = new Set(['GET', 'DELETE']);

function casesOf(route: Route): Case[] {
  const path = samplePath(route);
  if (path === undefined) return [];
  const captures = new Set(route.captures.map((c) => c.name));
  const cases: Case[] = [];
  for (const endpoint of route.endpoints) {
    if (endpoint.argsMode !== 'declared') continue;
    const method = endpoint.methods[0];
    const inQuery = QUERY_METHODS.has(method);
    const args = Object.entries(endpoint.args).filter(([name]) => !captures.has(name));
    // The params every request carries: each required arg with a value it accepts.
    const base: Record<string, unknown> = {};
    let complete = true;
    for (const [name, arg] of args) {
      if (!arg.required) continue;
      const value = validValue(arg);
      if (value === undefined) complete = false;
      else base[name] = value;
    }
    if (!complete) continue;
    for (const [name, arg] of args) {
      for (const v of violationsOf(name, arg, inQuery)) {
        const params = { ...base };
        if (v.value === undefined) delete params[name];
        else params[name] = v.value;
        cases.push({ name: `${method} ${route.path}: ${v.name}`, method, path, params, param: name, code: v.code });
      }
    }
  }
  return cases;
}

/** The discovery document's constant, written as prettier lays it out (laid-out-pieces.test.ts holds the suites to it). */
const EXPECTED = `/** The discovery document generated beside this suite: what the live one must match. */
const expected: { routes: Record<string, { endpoints: Array<{ args: unknown }> }> } = JSON.parse(
  readFileSync(new URL('../discovery.json', import.meta.url), 'utf8'),
);`;

const SUITE = `let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ deployment: DEPLOYMENT });
});

afterAll(async () => {
  await server?.close();
});

function send(c: Case): Promise<Response> {
  const headers: Record<string, string> = { ...server.authHeaders('administrator') };
  if (c.method === 'GET' || c.method === 'DELETE') {
    const query = phpQueryString(c.params);
    return fetch(server.restUrl + c.path + query, { method: c.method, headers });
  }
  headers['content-type'] = 'application/json';
  return fetch(server.restUrl + c.path, {
    method: c.method,
    headers,
    body: JSON.stringify(c.params),
  });
}

describe('discovery', () => {
  it('lists every route of the spec with exactly its args', async () => {
    const response = await fetch(server.restUrl + '/');
    expect(response.status).toBe(200);
    const live = (await response.json()) as {
      routes: Record<string, { endpoints: Array<{ args: unknown }> }>;
    };
    for (const [pattern, route] of Object.entries(expected.routes)) {
      expect(live.routes[pattern], pattern).toBeDefined();
      expect(
        live.routes[pattern].endpoints.map((e) => e.args),
        pattern,
      ).toEqual(route.endpoints.map((e) => e.args));
    }
  });
});

describe.runIf(CASES.length > 0)('validation', () => {
  it.each(CASES)('$name answers 400', async (c) => {
    const response = await send(c);
    const body = (await response.json()) as {
      code: string;
      data: { status: number; params?: Record<string, unknown> };
    };
    expect(response.status).toBe(400);
    expect(body.code).toBe(c.code);
    expect(body.data.status).toBe(400);
    if (c.code === 'rest_invalid_param')
      expect(Object.keys(body.data.params ?? {})).toContain(c.param);
  });
});

describe('OPTIONS', () => {
  it.each(OPTIONS_ROUTES)('$path answers OPTIONS', async (r) => {
    const response = await fetch(server.restUrl + r.path, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { namespace: string; methods: string[] };
    expect(body.namespace).toBe(r.namespace);
    expect(body.methods).toEqual(r.methods);
  });
});`;


export function emitContractTests(deployment: DeploymentModel): EmittedFile[] {
  const cases = deployment.routes.flatMap(casesOf);
  const optionsRoutes = deployment.routes.flatMap((r) => {
    const path = samplePath(r);
    return path === undefined ? [] : [{ path, namespace: r.namespace, methods: routeMethods(r) }];
  });
  const file = dataFile(
    `deployments/${deployment.name}/tests/contract.test.ts`,
    generatedBanner(`contract tests of the ${deployment.name} deployment`),
    [
      importStatement('node:fs', { named: ['readFileSync'] }),
      importStatement('vitest', { named: ['afterAll', 'beforeAll', 'describe', 'expect', 'it'] }),
      importStatement('../../../../runtime/testing/harness.ts', { named: ['startTestServer'] }),
      importStatement('../../../../runtime/testing/php-query.ts', { named: ['phpQueryString'] }),
      importStatement('../../../../contract/contract-case.ts', { named: ['type ContractCase as Case'] }),
    ],
    [
      { name: 'DEPLOYMENT', type: 'string', value: deployment.name },
      EXPECTED,
      tableConstant('CASES', 'Case[]', cases),
      tableConstant('OPTIONS_ROUTES', 'Array<{ path: string; namespace: string; methods: string[] }>', optionsRoutes),
      SUITE,
    ],
  );
  // The success paths are a suite of their own (generator/emit/success-tests.ts).
  return [file, emitSuccessTests(deployment)];
}
