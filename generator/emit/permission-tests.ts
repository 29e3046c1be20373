/**
 * `tests/permissions.test.ts` of a deployment: the permission matrix. Every endpoint is called
 * as anonymous and as each WordPress role, and each answer must be what the spec's permission
 * declares: refused with 401 (anonymous) or 403 (logged in) and WordPress's code, or let
 * through (anything but 401/403). Object rules act on published items of the administrator
 * (see runtime/auth/permission-fixtures.ts), so the expected roles below are the ones WordPress
 * lets edit, delete or read another user's published content.
 */
import type { ArgSchema, DeploymentModel, Endpoint, Permission, Route } from '../../contract/model.ts';
import { ROLES } from '../../contract/roles.ts';
import { postTypeCaps, postTypeOfRoute } from '../../contract/post-types.ts';
import { RULE_EXPECTATIONS, type RuleName } from '../../contract/permission-rules.ts';
import type { EmittedFile } from './emitted-file.ts';
import { validValue } from './sample-values.ts';
import { generatedBanner, tableConstant } from './ts-source.ts';
import { dataFile } from './data-file.ts';
import { importStatement } from './literal-layout.ts';
import { IDENTITIES, type Expectation, type Identity, type PermissionCase as Case } from '../../contract/permission-case.ts';


const FROM = (first: Identity): Identity[] => IDENTITIES.slice(IDENTITIES.indexOf(first));
const EVERYONE: Identity[] = [...IDENTITIES];
/** Editing, deleting or reading the history of another user's published item. */
const OTHERS_PUBLISHED = FROM('editor');

/**
 * Who may edit (or delete) another user's published item of the route's type: WordPress's
 * map_meta_cap asks for the type's *_others_posts and *_published_posts capabilities, which are
 * the editor's for posts and pages but edit_theme_options for navigation menus.
 */
function othersPublished(route: Route, verb: 'edit' | 'delete'): Identity[] {
  const caps = postTypeCaps(postTypeOfRoute(route).name);
  const needed = [caps[`${verb}_others_posts`], caps[`${verb}_published_posts`]];
  return IDENTITIES.filter((who) => who !== 'anonymous' && needed.every((cap) => (ROLES[who] as readonly string[]).includes(cap)));
}

function withCapability(cap: string): Identity[] {
  return IDENTITIES.filter((who) => who !== 'anonymous' && (ROLES[who] as readonly string[]).includes(cap));
}

/** Who WordPress lets through for a permission, in the fixture's situation, and its refusal code. */
export function expectationOf(permission: Permission, route: Route): Expectation {
  if (permission.kind === 'public') return { allowed: EVERYONE, code: '' };
  if (permission.kind === 'capability') return { allowed: withCapability(permission.capability), code: 'rest_forbidden' };
  switch (permission.rule) {
    case 'authenticated':
      return { allowed: FROM('subscriber'), code: 'rest_forbidden' };
    case 'read_post': {
      // A type read with a capability of its own (synced patterns: edit_posts) is read only with it.
      const read = postTypeCaps(postTypeOfRoute(route).name).read;
      return { allowed: read === 'read' ? EVERYONE : withCapability(read), code: 'rest_forbidden' };
    }
    case 'read_posts':
    case 'list_posts':
      return { allowed: EVERYONE, code: 'rest_forbidden' };
    case 'create_post':
      // Whoever holds the type's create capability (edit_posts, edit_pages, upload_files).
      return { allowed: withCapability(postTypeCaps(postTypeOfRoute(route).name).create_posts), code: 'rest_cannot_create' };
    case 'upload_files':
      return { allowed: FROM('author'), code: 'rest_cannot_create' };
    case 'edit_media':
      // Editing an image needs upload rights first, then edit rights on the item.
      return { allowed: OTHERS_PUBLISHED, code: 'rest_cannot_edit_image', codeFor: { author: 'rest_cannot_edit' } };
    case 'edit_post':
    case 'create_autosave':
      return { allowed: othersPublished(route, 'edit'), code: 'rest_cannot_edit' };
    case 'delete_post':
      return { allowed: othersPublished(route, 'delete'), code: 'rest_cannot_delete' };
    case 'delete_revision': {
      // WordPress asks for edit_post of the parent, then delete_post of the revision (mapped to the parent's).
      const deleters = othersPublished(route, 'delete');
      return { allowed: othersPublished(route, 'edit').filter((who) => deleters.includes(who)), code: 'rest_cannot_delete' };
    }
    case 'read_revision':
    case 'read_revisions':
    case 'read_autosave':
    case 'read_autosaves':
      // Reading an item's history is editing the item (edit_post of the parent).
      return { allowed: othersPublished(route, 'edit'), code: 'rest_cannot_read' };
    // Users, terms, types and comments (runtime/users, terms, types, comments): reading is public
    // in the view context (user 1, the fixtures' owner, has published posts); writing terms needs
    // manage_categories; /users/me needs a login.
    case 'list_users':
    case 'read_user':
    case 'read_terms':
    case 'read_term':
    case 'read_types':
    case 'read_taxonomies':
      return { allowed: EVERYONE, code: 'rest_forbidden' };
    case 'read_current_user':
      // Open to all, as in WordPress; the handler answers an anonymous caller.
      return { allowed: FROM('subscriber'), code: 'rest_not_logged_in' };
    case 'read_comments':
      // The sample params name an author_email (its null default is not a string): a filter
      // that needs edit_posts, refused by name to the others.
      return { allowed: withCapability('edit_posts'), code: 'rest_forbidden_param' };
    // Account writes act on user 1, the fixtures' owner (an administrator), or on oneself.
    case 'create_user':
      return { allowed: withCapability('create_users'), code: 'rest_cannot_create_user' };
    case 'update_user':
      return { allowed: withCapability('edit_users'), code: 'rest_cannot_edit' };
    case 'delete_user':
      return { allowed: withCapability('delete_users'), code: 'rest_user_cannot_delete' };
    case 'update_current_user':
      // Anyone logged in edits their own account; an anonymous caller has none to find (404).
      return { allowed: FROM('subscriber'), code: 'rest_user_invalid_id', statusFor: { anonymous: 404 } };
    case 'delete_current_user':
      return { allowed: withCapability('delete_users'), code: 'rest_user_cannot_delete', codeFor: { anonymous: 'rest_user_invalid_id' }, statusFor: { anonymous: 404 } };
    case 'create_term':
      return { allowed: FROM('editor'), code: 'rest_cannot_create' };
    case 'edit_term':
      return { allowed: FROM('editor'), code: 'rest_cannot_update' };
    case 'delete_term':
      return { allowed: FROM('editor'), code: 'rest_cannot_delete' };
    case 'oembed_proxy':
      // edit_posts, refused as rest_forbidden with WordPress's proxy message.
      return { allowed: withCapability('edit_posts'), code: 'rest_forbidden' };
    default: {
      // Rules whose expectation is one capability say so beside their names (contract/permission-rules.ts).
      const known = RULE_EXPECTATIONS[permission.rule as RuleName];
      if (known) return { allowed: withCapability(known.capability), code: known.code };
      // The runtime treats any other rule name as a primitive capability.
      return { allowed: withCapability(permission.rule), code: 'rest_forbidden' };
    }
  }
}

/**
 * A value for a required arg. Addresses point at a closed local port: a request that is let
 * through must never reach out to the internet from a test.
 */
function sampleFor(arg: ArgSchema): unknown {
  if (arg.format === 'uri' && arg.example === undefined) return 'http://127.0.0.1:9/permission-matrix';
  return validValue(arg);
}

/** Whether a default has one of the arg's types (a default that does not fails validation, as in WordPress). */
function defaultFits(arg: ArgSchema): boolean {
  const types = Array.isArray(arg.type) ? arg.type : arg.type ? [arg.type] : [];
  const v = arg.default;
  if (v === undefined || types.length === 0) return true;
  return types.some((t) =>
    t === 'array' ? Array.isArray(v)
      : t === 'object' ? typeof v === 'object' && v !== null && !Array.isArray(v)
        : t === 'integer' ? Number.isInteger(v)
          : t === 'null' ? v === null
            : typeof v === t);
}

/**
 * The params a request sends so that validation (which WordPress runs before permission)
 * passes: every required arg, and a valid value for any arg whose default would not validate.
 */
export function paramsOf(endpoint: Endpoint, route: Route): Record<string, unknown> | undefined {
  const captures = new Set(route.captures.map((c) => c.name));
  const params: Record<string, unknown> = {};
  if (endpoint.argsMode !== 'declared') return params;
  for (const [name, arg] of Object.entries(endpoint.args)) {
    if (captures.has(name)) continue;
    const badDefault = !defaultFits(arg);
    // An optional arg with the spec's `example` is sent too: the example is what makes the call succeed.
    if (!arg.required && !badDefault && arg.example === undefined) continue;
    const value = sampleFor(badDefault ? { ...arg, default: undefined } : arg);
    if (value === undefined) return undefined;
    params[name] = value;
  }
  return params;
}

/**
 * For each capture, a value its pattern accepts, preferring one the endpoint's own arg accepts (an
 * enum's first value). `examples: false` leaves the spec's `example` aside: the permission matrix
 * expects each rule's general refusal, which an existing object can change (WordPress refuses the
 * active theme with a code of its own).
 */
export function captureSamples(endpoint: Endpoint, route: Route, examples = true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const capture of route.captures) {
    const arg = endpoint.args[capture.name];
    const value = arg ? validValue(examples ? arg : { ...arg, example: undefined }) : undefined;
    if (value !== undefined && new RegExp(`^(?:${capture.pattern})$`).test(String(value))) out[capture.name] = String(value);
  }
  return out;
}

function describePermission(p: Permission): string {
  return p.kind === 'public' ? 'public' : p.kind === 'capability' ? `capability ${p.capability}` : `rule ${p.rule}`;
}

export function permissionCases(deployment: DeploymentModel): { cases: Case[]; skipped: string[] } {
  const cases: Case[] = [];
  const skipped: string[] = [];
  for (const route of deployment.routes) {
    for (const endpoint of route.endpoints) {
      const method = endpoint.methods[0]!;
      const params = paramsOf(endpoint, route);
      if (!params) {
        skipped.push(`${method} ${route.path}`);
        continue;
      }
      cases.push({ method, path: route.path, captures: route.captures, ...(route.postType ? { postType: route.postType } : {}), samples: captureSamples(endpoint, route, false), params, permission: describePermission(endpoint.permission), ...expectationOf(endpoint.permission, route) });
    }
  }
  return { cases, skipped };
}

const SUITE = `let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ deployment: DEPLOYMENT });
  console.log(
    \`permission matrix of \${DEPLOYMENT}: \${CASES.length} endpoints × \${IDENTITIES.length} identities = \${CASES.length * IDENTITIES.length} requests\` +
      (SKIPPED.length ? \` (\${SKIPPED.length} endpoints skipped: no valid sample params)\` : ''),
  );
});

afterAll(async () => {
  await server?.close();
});

function send(c: Case, path: string, who: Identity): Promise<Response> {
  const headers: Record<string, string> = { ...server.authHeaders(who) };
  if (c.method === 'GET' || c.method === 'DELETE') {
    return fetch(server.restUrl + path + phpQueryString(c.params), { method: c.method, headers });
  }
  headers['content-type'] = 'application/json';
  return fetch(server.restUrl + path, {
    method: c.method,
    headers,
    body: JSON.stringify(c.params),
  });
}

describe('permission matrix', () => {
  it.each(CASES)('$method $path ($permission)', async (c) => {
    // Fresh objects per endpoint: a delete let through must not change what the next case sees.
    const fixtures = await createPermissionFixtures(server.app, server.users.administrator.id);
    const path = fillPath(c.path, c.captures, fixtures, c.samples, c.postType);
    for (const who of IDENTITIES) {
      const response = await send(c, path, who);
      const text = await response.text();
      const where = \`\${c.method} \${path} as \${who}: \${response.status} \${text.slice(0, 200)}\`;
      if (c.allowed.includes(who)) {
        expect([401, 403], where).not.toContain(response.status);
      } else {
        expect(response.status, where).toBe(
          c.statusFor?.[who] ?? (who === 'anonymous' ? 401 : 403),
        );
        expect((JSON.parse(text) as { code: string }).code, where).toBe(c.codeFor?.[who] ?? c.code);
      }
    }
  });
});`;


export function emitPermissionTests(deployment: DeploymentModel): EmittedFile[] {
  const { cases, skipped } = permissionCases(deployment);
  const file = dataFile(
    `deployments/${deployment.name}/tests/permissions.test.ts`,
    generatedBanner(`permission matrix of the ${deployment.name} deployment`),
    [
      importStatement('vitest', { named: ['afterAll', 'beforeAll', 'describe', 'expect', 'it'] }),
      importStatement('../../../../runtime/testing/harness.ts', { named: ['startTestServer'] }),
      importStatement('../../../../runtime/testing/php-query.ts', { named: ['phpQueryString'] }),
      importStatement('../../../../runtime/auth/permission-fixtures.ts', { named: ['createPermissionFixtures', 'fillPath'] }),
      importStatement('../../../../contract/permission-case.ts', { named: ['IDENTITIES', 'type Identity', 'type PermissionCase as Case'] }),
    ],
    [
      { name: 'DEPLOYMENT', type: 'string', value: deployment.name },
      tableConstant('CASES', 'Case[]', cases),
      { name: 'SKIPPED', type: 'string[]', value: skipped },
      SUITE,
    ],
  );
  return [file];
}
