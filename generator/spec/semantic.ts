/**
 * The rules of FORMAT.md that no JSON schema can say (numbered as there). Runs over every parsed
 * file, defensively: a file that broke the meta-schema still lends its name, so one mistake does
 * not cascade into "unknown shape" errors elsewhere.
 */
import type { HttpMethod } from '../../contract/model.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { deriveIndexOperationId, deriveOperationId } from './operation-id.ts';
import { captureNames, fullPath, isIndexPath } from './paths.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';
import type { FailedFile, Loaded, RawArgMap, RawEndpoint, RawNamespace, SpecSources } from './raw.ts';
import { didYouMean, listNames } from './suggest.ts';
import { POST_TYPE_NAMES, postTypeEntry } from '../../contract/post-types.ts';
import { isRuleName, RULE_NAMES } from '../../contract/permission-rules.ts';
import { isKnownCapability, isRole, KNOWN_CAPABILITIES, signatureCapability } from '../../contract/roles.ts';
import { checkDescriptor, regexProblem, type NameSets } from './semantic-descriptor.ts';
import { checkDefaultDeployment, checkDeployment, type RouteInfo } from './semantic-deployment.ts';

/** A former operation id (`renamedFrom`): it must not name another current operation. */
interface RenamedId {
  id: string;
  at: () => ReturnType<typeof positionOf>;
}

/**
 * What claimed an operation id, said when another claims it too. Positions here are found only
 * for a report: a file answered from the parse cache (parse-cache.ts) is then not parsed again
 * for a position its memo lacks, and a clean file's document is not walked for nothing.
 */
type Claimant = () => string;

export function checkSemantics(sources: SpecSources): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A file that failed to load was reported already: the names it declares count as existing.
  const failedNames = (kind: FailedFile['kind']): string[] => sources.failed.filter((f) => f.kind === kind).flatMap((f) => f.names);
  const withFailed = (set: Set<string>, kind: FailedFile['kind']): Set<string> => {
    for (const name of failedNames(kind)) set.add(name);
    return set;
  };
  const names: NameSets = {
    shapes: withFailed(uniqueNames(sources.shapes, 'shape', 'shape', out), 'shape'),
    resources: withFailed(uniqueNames(sources.resources, 'resource', 'resource', out), 'resource'),
    data: withFailed(uniqueNames(sources.data, 'data', 'data file', out), 'data'),
    // A namespace may span files (core/v2 in core-v2.yaml, core-v2-users.yaml...); routes stay unique (rule 9, SP022).
    namespaces: withFailed(new Set(sources.namespaces.map((n) => n.data?.namespace).filter((n): n is string => typeof n === 'string')), 'namespace'),
  };
  // Routes of namespaces that failed to load or broke the meta-schema are unknown, not missing.
  const unsureNamespaces = [...failedNames('namespace'), ...sources.namespaces.filter((n) => !n.valid).map((n) => (n.data as Partial<RawNamespace>)?.namespace).filter((n): n is string => typeof n === 'string')];
  uniqueNames(sources.deployments, 'deployment', 'deployment', out);
  checkFileNames(sources, out);

  const routes = new Map<string, RouteInfo>();
  const operationIds = new Map<string, Claimant>();
  const renamed: RenamedId[] = [];
  const indexClaimed = new Set<string>();
  for (const ns of sources.namespaces) {
    if (!ns.valid) continue;
    checkNamespace(ns, names, routes, operationIds, renamed, out, !indexClaimed.has(ns.data.namespace));
    indexClaimed.add(ns.data.namespace);
  }
  for (const r of renamed) {
    const user = operationIds.get(r.id);
    if (user !== undefined) out.push(diagnostic('renamedIdInUse', r.at(), { id: r.id, other: user() }));
  }
  for (const shape of sources.shapes) {
    if (shape.valid) checkArgMap(shape.src, ['args'], shape.data.args, names, out);
  }
  checkShapeCycles(sources, out);
  for (const resource of sources.resources) {
    if (!resource.valid) continue;
    for (const [field, descriptor] of Object.entries(resource.data.fields)) {
      checkDescriptor(resource.src, ['fields', field], descriptor, names, out);
    }
  }
  // A namespace spanning files is optional only when every one of its files says so.
  const namespaceOptional = new Map<string, boolean>();
  for (const n of sources.namespaces.filter((f) => f.valid)) namespaceOptional.set(n.data.namespace, (namespaceOptional.get(n.data.namespace) ?? true) && !!n.data.optional);
  for (const deployment of sources.deployments) {
    if (deployment.valid) checkDeployment(deployment, names, namespaceOptional, routes, unsureNamespaces, out);
  }
  // Which deployment is the default cannot be told while one of them failed to load.
  if (!sources.failed.some((f) => f.kind === 'deployment')) checkDefaultDeployment(sources, out);
  return out;
}

/** A route's `postType` and the types of `postTypeRoutes` must be in the post type registry (SP061). */
function checkPostTypes(src: SourceFile, data: RawNamespace, out: Diagnostic[]): void {
  const check = (name: unknown, at: DataPath) => {
    if (typeof name !== 'string' || postTypeEntry(name)) return;
    out.push(diagnostic('unknownPostType', positionOf(src, at), { name, suggestion: didYouMean(name, new Set(POST_TYPE_NAMES)), allowed: listNames(POST_TYPE_NAMES) }));
  };
  (data.postTypeRoutes?.postTypes ?? []).forEach((name, i) => check(name, ['postTypeRoutes', 'postTypes', i]));
  // Copies made from postTypeRoutes carry a known type; a postType written on a route is checked here.
  for (const [routePath, route] of Object.entries(data.routes ?? {})) check(route.postType, ['routes', routePath, 'postType']);
}

/**
 * A `permission: { rule: NAME }` must name a rule the runtime implements (SP060), and a
 * `permission: { capability: NAME }` a capability some role grants (SP066): any other name
 * refuses every caller.
 */
function checkRule(src: SourceFile, at: DataPath, permission: unknown, out: Diagnostic[]): void {
  const written = permission && typeof permission === 'object' ? (permission as { rule?: unknown; capability?: unknown }) : {};
  if (typeof written.capability === 'string') checkCapability(src, [...at, 'capability'], written.capability, out);
  const rule = written.rule;
  if (typeof rule !== 'string' || isRuleName(rule)) return;
  out.push(diagnostic('unknownRule', positionOf(src, [...at, 'rule']), { name: rule, suggestion: didYouMean(rule, new Set(RULE_NAMES)) }));
}

function checkCapability(src: SourceFile, at: DataPath, name: string, out: Diagnostic[]): void {
  if (isKnownCapability(name)) return;
  const hint = isRuleName(name)
    ? `\`${name}\` is the name of a permission rule, which judges one item: write \`permission: { rule: ${name} }\``
    : isRole(name)
      ? `\`${name}\` is a role, not a capability: name a capability the role has, such as \`${signatureCapability(name)}\``
      : 'name a capability that WordPress\'s roles grant (contract/roles.ts), such as `manage_options` or `edit_posts`';
  const suggestion = isRuleName(name) || isRole(name) ? '' : didYouMean(name, KNOWN_CAPABILITIES);
  out.push(diagnostic('unknownCapability', positionOf(src, at), { name, suggestion, hint }));
}

/** Names declared by the files of one folder; a name declared twice is an error (SP038). */
function uniqueNames<T>(files: Loaded<T>[], key: keyof T & string, kind: string, out: Diagnostic[]): Set<string> {
  const firstFile = new Map<string, string>();
  for (const f of files) {
    const name = (f.data as Record<string, unknown>)?.[key];
    if (typeof name !== 'string') continue;
    const other = firstFile.get(name);
    if (other !== undefined) {
      out.push(diagnostic('duplicateName', positionOf(f.src, [key]), { kind, name, other }));
    } else {
      firstFile.set(name, f.src.file);
    }
  }
  return new Set(firstFile.keys());
}

/** File name = declared name (namespaces: `/` → `-`, the root namespace in root.yaml): a warning. */
function checkFileNames(sources: SpecSources, out: Diagnostic[]): void {
  const groups: Array<[Loaded<unknown>[], string, (name: string) => string]> = [
    [sources.namespaces, 'namespace', (n) => (n === '' ? 'root' : n.replace(/\//g, '-'))],
    [sources.shapes, 'shape', (n) => n],
    [sources.resources, 'resource', (n) => n],
    [sources.data, 'data', (n) => n],
    [sources.deployments, 'deployment', (n) => n],
  ];
  for (const [files, key, expectedBase] of groups) {
    for (const f of files) {
      const name = (f.data as Record<string, unknown>)?.[key];
      if (typeof name !== 'string') continue;
      const base = f.src.file.split('/').pop()!.replace(/\.ya?ml$/, '');
      // Further files of a namespace are named after it plus a suffix (core-v2-users.yaml).
      const extraFile = key === 'namespace' && name !== '' && base.startsWith(`${expectedBase(name)}-`);
      if (base !== expectedBase(name) && !extraFile) {
        out.push(diagnostic('fileNameMismatch', positionOf(f.src, [key]), { kind: key, name, expected: `${expectedBase(name)}.yaml` }));
      }
    }
  }
}

function checkNamespace(
  ns: Loaded<RawNamespace>,
  names: NameSets,
  routes: Map<string, RouteInfo>,
  operationIds: Map<string, Claimant>,
  renamed: RenamedId[],
  out: Diagnostic[],
  firstFileOfNamespace: boolean,
): void {
  const { src, data } = ns;
  checkRule(src, ['permission'], data.permission, out);
  checkPostTypes(src, data, out);
  if (data.namespace !== '' && firstFileOfNamespace) claimOperationId(deriveIndexOperationId(data.namespace), () => `the index route of \`${data.namespace}\``, () => positionOf(src, ['namespace']), operationIds, out);
  for (const [routePath, route] of Object.entries(data.routes ?? {})) {
    const at: DataPath = ['routes', routePath];
    if (data.namespace !== '' && isIndexPath(routePath)) {
      out.push(diagnostic('implicitIndexRoute', positionOf(src, at, 'key'), { path: routePath, namespace: data.namespace }));
    }
    checkCaptures(src, at, routePath, route.captures ?? {}, out);
    const methods = new Map<HttpMethod, () => number>();
    route.endpoints.forEach((endpoint, i) => {
      const epAt: DataPath = [...at, 'endpoints', i];
      for (const [j, method] of endpoint.methods.entries()) {
        const other = methods.get(method);
        if (other !== undefined) {
          out.push(diagnostic('duplicateMethod', positionOf(src, [...epAt, 'methods', j]), { method, path: routePath, otherLine: other() }));
        } else {
          methods.set(method, () => positionOf(src, [...epAt, 'methods', j]).line);
        }
      }
      const id = endpoint.operationId ?? deriveOperationId(data.namespace, routePath, endpoint.methods);
      const idAt = () => positionOf(src, endpoint.operationId ? [...epAt, 'operationId'] : [...epAt, 'methods']);
      claimOperationId(id, () => `${endpoint.methods.join(', ')} \`${fullPath(data.namespace, routePath)}\` (${src.file}:${idAt().line})`, idAt, operationIds, out);
      endpoint.renamedFrom?.forEach((former, j) => renamed.push({ id: former, at: () => positionOf(src, [...epAt, 'renamedFrom', j]) }));
      checkBehavior(src, epAt, endpoint, names, out);
      checkRule(src, [...epAt, 'permission'], endpoint.permission, out);
      if (endpoint.args && typeof endpoint.args === 'object') checkArgMap(src, [...epAt, 'args'], endpoint.args, names, out);
      const responseShape = endpoint.response?.shape;
      if (responseShape !== undefined && !names.shapes.has(responseShape)) {
        out.push(diagnostic('unknownShape', positionOf(src, [...epAt, 'response', 'shape']), { name: responseShape, suggestion: didYouMean(responseShape, names.shapes) }));
      }
      for (const key of ['resource', 'deleted'] as const) {
        const resource = endpoint.response?.[key];
        if (resource !== undefined && !names.resources.has(resource)) {
          out.push(diagnostic('unknownResource', positionOf(src, [...epAt, 'response', key]), { name: resource, suggestion: didYouMean(resource, names.resources) }));
        }
      }
    });
    const path = fullPath(data.namespace, routePath);
    const keyAt = () => positionOf(src, at, 'key');
    const earlier = routes.get(path);
    // Within one file YAML itself refuses a repeated key; across the files of a namespace one
    // declaration would hide the other. Reported in the file that is not the namespace's own
    // (core-v2-users.yaml rather than core-v2.yaml), whichever was read first.
    if (earlier === undefined) {
      routes.set(path, { optional: !!route.optional || !!data.optional, methods: new Set(methods.keys()), declaredIn: src.file, declaredAt: keyAt });
    } else if (isNamespaceFile(src, data.namespace) && !isNamespaceFile({ file: earlier.declaredIn }, data.namespace)) {
      out.push(diagnostic('duplicateRoute', earlier.declaredAt(), { path, other: `${src.file}:${keyAt().line}` }));
    } else {
      out.push(diagnostic('duplicateRoute', keyAt(), { path, other: `${earlier.declaredIn}:${earlier.declaredAt().line}` }));
    }
  }
}

/** Whether the file is named exactly after its namespace (core-v2.yaml for core/v2), not a further file of it. */
function isNamespaceFile(src: { file: string }, namespace: string): boolean {
  return src.file.split('/').pop()!.replace(/\.ya?ml$/, '') === (namespace === '' ? 'root' : namespace.replace(/\//g, '-'));
}

/** Rule 1 and rule 7 for captures. */
function checkCaptures(src: SourceFile, at: DataPath, routePath: string, captures: Record<string, string>, out: Diagnostic[]): void {
  const used = captureNames(routePath);
  for (const name of used) {
    if (!(name in captures)) out.push(diagnostic('captureUndeclared', positionOf(src, at, 'key'), { name, path: routePath }));
  }
  for (const [name, pattern] of Object.entries(captures)) {
    if (!used.includes(name)) out.push(diagnostic('captureUnused', positionOf(src, [...at, 'captures', name], 'key'), { name, path: routePath }));
    const problem = regexProblem(pattern);
    if (problem) out.push(diagnostic('badRegex', positionOf(src, [...at, 'captures', name]), { pattern, problem }));
  }
}


function claimOperationId(id: string, label: Claimant, at: () => ReturnType<typeof positionOf>, seen: Map<string, Claimant>, out: Diagnostic[]): void {
  const other = seen.get(id);
  if (other !== undefined) out.push(diagnostic('duplicateOperationId', at(), { id, other: other() }));
  else seen.set(id, label);
}

/** Rule 8. */
function checkBehavior(src: SourceFile, at: DataPath, endpoint: RawEndpoint, names: NameSets, out: Diagnostic[]): void {
  if (endpoint.behavior && endpoint.handler) {
    out.push(diagnostic('behaviorAndHandler', positionOf(src, [...at, 'handler'], 'key'), { problem: 'both `behavior` and `handler`' }));
  } else if (!endpoint.behavior && !endpoint.handler) {
    out.push(diagnostic('behaviorAndHandler', positionOf(src, at), { problem: 'neither `behavior` nor `handler`' }));
  }
  if (endpoint.behavior?.kind === 'catalog' && !names.data.has(endpoint.behavior.data)) {
    const name = endpoint.behavior.data;
    out.push(diagnostic('unknownData', positionOf(src, [...at, 'behavior', 'data']), { name, suggestion: didYouMean(name, names.data) }));
  }
}

/** Rule 3 for `$use` / `$fields`, rules 5–7 for every descriptor. */
export function checkArgMap(src: SourceFile, at: DataPath, args: RawArgMap, names: NameSets, out: Diagnostic[]): void {
  for (const [key, value] of Object.entries(args)) {
    if (key === '$use') {
      (value as string[]).forEach((name, i) => {
        if (!names.shapes.has(name)) out.push(diagnostic('unknownShape', positionOf(src, [...at, key, i]), { name, suggestion: didYouMean(name, names.shapes) }));
      });
    } else if (key === '$fields') {
      const name = (value as { resource: string }).resource;
      if (!names.resources.has(name)) out.push(diagnostic('unknownResource', positionOf(src, [...at, key, 'resource']), { name, suggestion: didYouMean(name, names.resources) }));
    } else if (key !== '$omit') {
      checkDescriptor(src, [...at, key], value as never, names, out);
    }
  }
}

/** A shape that `$use`s itself, directly or through others, could never be expanded. */
function checkShapeCycles(sources: SpecSources, out: Diagnostic[]): void {
  const uses = new Map<string, { list: string[]; file: Loaded<{ shape: string; args: RawArgMap }> }>();
  for (const f of sources.shapes) {
    if (!f.valid) continue;
    const list = Array.isArray(f.data.args.$use) ? (f.data.args.$use as string[]) : [];
    // The first file declaring a name counts (a second one is already an error).
    if (!uses.has(f.data.shape)) uses.set(f.data.shape, { list, file: f });
  }
  const reported = new Set<string>();
  for (const start of uses.keys()) {
    const stack: string[] = [];
    const visit = (name: string): boolean => {
      if (name === start && stack.length) return true;
      if (stack.includes(name)) return false;
      stack.push(name);
      for (const next of uses.get(name)?.list ?? []) if (visit(next)) return true;
      stack.pop();
      return false;
    };
    if (visit(start) && !reported.has(start)) {
      stack.forEach((n) => reported.add(n));
      const entry = uses.get(start)!;
      out.push(diagnostic('shapeCycle', positionOf(entry.file.src, ['args', '$use']), { name: start, chain: [...stack, start].map((n) => `\`${n}\``).join(' → ') }));
    }
  }
}
