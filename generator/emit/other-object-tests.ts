/**
 * `tests/other-object.test.ts` of a deployment: for every route that acts on one object (a post
 * type's item by `<id>`/`<parent>`, an account by `<id>`, the caller's own account at `/users/me`),
 * an identity with rights on its own object only calls it on its own object while naming another's
 * in the query, a JSON body, a form body and a batch item, and calls the other's path; the other
 * object must stay as it was and never be shown (runtime/testing/other-object.ts runs the attempts).
 * Routes whose rights are not per object (a capability, a taxonomy's terms) have no such identity.
 */
import type { DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import { ROLES, type RoleName } from '../../contract/roles.ts';
import { postTypeCaps } from '../../contract/post-types.ts';
import type { OtherObjectCase } from '../../contract/other-object-case.ts';
import type { EmittedFile } from './emitted-file.ts';
import { validValue } from './sample-values.ts';
import { generatedBanner, tableConstant } from './ts-source.ts';
import { dataFile } from './data-file.ts';
import { importStatement } from './literal-layout.ts';


/** Roles that may edit their own items of a type but not another's, lowest first. */
function ownOnlyRole(postType: string): RoleName | undefined {
  const caps = postTypeCaps(postType);
  const candidates: RoleName[] = ['author', 'contributor'];
  return candidates.find((role) => {
    const granted = ROLES[role] as readonly string[];
    return granted.includes(caps.edit_posts) && !granted.includes(caps.edit_others_posts);
  });
}

/** The required args a request must carry to pass validation, from their schemas. */
function requiredParams(endpoint: Endpoint, route: Route): Record<string, unknown> {
  const captured = new Set(route.captures.map((c) => c.name));
  const out: Record<string, unknown> = {};
  for (const [name, arg] of Object.entries(endpoint.args)) {
    if (captured.has(name) || !arg.required) continue;
    // An address points at a closed local port: an attempt let through never reaches out.
    const value = arg.format === 'uri' ? 'http://127.0.0.1:9/other-object' : validValue(arg);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** What the request asks to change, so that an attempt that reached the other object would show. */
function changesOf(kind: OtherObjectCase['kind'], method: string, endpoint: Endpoint): Record<string, unknown> {
  const has = (name: string) => name in endpoint.args;
  if (method === 'GET') return has('context') ? { context: 'edit' } : {};
  if (method === 'DELETE') return { ...(has('force') ? { force: true } : {}), ...(has('reassign') ? { reassign: false } : {}) };
  if (kind === 'post') {
    const title = endpoint.args.title;
    if (!title) return {};
    const types = Array.isArray(title.type) ? title.type : [title.type];
    const plain = types.includes('string') || title.validate === false;
    return { title: plain ? 'Changed through another object' : validValue(title) };
  }
  return { ...(has('description') ? { description: 'Changed through another object' } : {}), ...(has('password') ? { password: 'Changed-through-another-1' } : {}) };
}

export function otherObjectCases(deployment: DeploymentModel): OtherObjectCase[] {
  const cases: OtherObjectCase[] = [];
  for (const route of deployment.routes) {
    const captures = route.captures.map((c) => c.name);
    let kind: OtherObjectCase['kind'] | undefined;
    let role: RoleName | undefined;
    if (route.postType && (captures.includes('id') || captures.includes('parent'))) {
      kind = 'post';
      role = ownOnlyRole(route.postType);
    } else if (/\/users\/<id>$/.test(route.path)) {
      [kind, role] = ['user', 'subscriber'];
    } else if (/\/users\/me$/.test(route.path)) {
      [kind, role] = ['me', 'subscriber'];
    }
    if (!kind || !role) continue;
    for (const endpoint of route.endpoints) {
      if (endpoint.permission.kind !== 'rule') continue;
      const method = endpoint.methods[0]!;
      cases.push({
        method, path: route.path, captures, kind, ...(route.postType ? { postType: route.postType } : {}), role,
        params: { ...requiredParams(endpoint, route), ...changesOf(kind, method, endpoint) }, batch: endpoint.allowBatch,
      });
    }
  }
  return cases;
}

const SUITE = `let server: Awaited<ReturnType<typeof startTestServer>>;
let requests = 0;

beforeAll(async () => {
  server = await startTestServer({ deployment: DEPLOYMENT });
});

afterAll(async () => {
  console.log(\`another object, \${DEPLOYMENT}: \${CASES.length} endpoints, \${requests} attempts\`);
  await server?.close();
});

describe('an identity with rights on its own object cannot reach another', () => {
  it.each(CASES)('$method $path as $role', async (c) => {
    const result = await tryOtherObject(server, c);
    requests += result.requests;
    expect(result.failures).toEqual([]);
  });
});`;

export function emitOtherObjectTests(deployment: DeploymentModel): EmittedFile[] {
  const cases = otherObjectCases(deployment);
  if (cases.length === 0) return [];
  const file = dataFile(
    `deployments/${deployment.name}/tests/other-object.test.ts`,
    generatedBanner(`"another object" permission cases of the ${deployment.name} deployment`),
    [
      importStatement('vitest', { named: ['afterAll', 'beforeAll', 'describe', 'expect', 'it'] }),
      importStatement('../../../../runtime/testing/harness.ts', { named: ['startTestServer'] }),
      importStatement('../../../../runtime/testing/other-object.ts', { named: ['tryOtherObject', 'type OtherObjectCase'] }),
    ],
    [{ name: 'DEPLOYMENT', type: 'string', value: deployment.name }, tableConstant('CASES', 'OtherObjectCase[]', cases), SUITE],
  );
  return [file];
}
