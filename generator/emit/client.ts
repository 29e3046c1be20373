/**
 * `client.ts`: a typed client of the deployment with no dependencies but `fetch`. Its fixed
 * part (transport, errors, auth, pagination) is `templates/client-core.ts`; the generated part
 * is one function per endpoint, grouped by namespace and resource:
 * `createClient({ restUrl }).core.posts.list({ per_page: 5 })`.
 */
import { readFileSync } from 'node:fs';
import type { DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { camelCase, clientVerb, handlerGroup, inputTypeName, pathWords, resultTypeName } from './naming.ts';
import { fitsOnItsLine, NotLaidOut, stringLiteral } from './literal-layout.ts';
import { generatedBanner, printSource, withLaidOut } from './ts-source.ts';

const CORE = readFileSync(new URL('../../templates/client-core.ts', import.meta.url), 'utf8');

/** The import every client begins with, after its banner. */
const IMPORT = "import type * as T from './types.ts';";

interface ClientMethod {
  name: string;
  route: Route;
  endpoint: Endpoint;
}

/** Client key of each namespace: its first word (`core`), or all its words where two share one. */
function namespaceKeys(namespaces: string[]): Map<string, string> {
  const first = (ns: string) => (ns === '' ? 'root' : camelCase(ns.split('/')[0]));
  const counts = new Map<string, number>();
  for (const ns of namespaces) counts.set(first(ns), (counts.get(first(ns)) ?? 0) + 1);
  return new Map(namespaces.map((ns) => [ns, counts.get(first(ns))! > 1 ? camelCase(ns) : first(ns)]));
}

/** Method name inside its resource group: path words after the group plus the verb. */
function methodName(route: Route, endpoint: Endpoint): string {
  const words = pathWords(route).filter((w) => !w.startsWith('<'));
  return camelCase([...words.slice(1), clientVerb(route, endpoint)].join(' '));
}

/** namespace key -> resource key -> methods, names made unique with the operation id. */
function groupMethods(deployment: DeploymentModel): Map<string, Map<string, ClientMethod[]>> {
  const keys = namespaceKeys([...new Set(deployment.routes.map((r) => r.namespace))]);
  const tree = new Map<string, Map<string, ClientMethod[]>>();
  for (const route of deployment.routes) {
    const nsKey = keys.get(route.namespace)!;
    const resources = tree.get(nsKey) ?? new Map<string, ClientMethod[]>();
    tree.set(nsKey, resources);
    const resKey = camelCase(handlerGroup(route));
    const methods = resources.get(resKey) ?? [];
    resources.set(resKey, methods);
    for (const endpoint of route.endpoints) methods.push({ name: methodName(route, endpoint), route, endpoint });
  }
  for (const resources of tree.values()) {
    for (const methods of resources.values()) {
      const taken = new Map<string, number>();
      for (const m of methods) taken.set(m.name, (taken.get(m.name) ?? 0) + 1);
      for (const m of methods) if (taken.get(m.name)! > 1) m.name = m.endpoint.operationId;
    }
  }
  return tree;
}

/** Whether the args type has a required key: a required arg, or a capture of the path. */
function hasRequired(route: Route, endpoint: Endpoint): boolean {
  if (route.captures.length > 0) return true;
  return endpoint.argsMode === 'declared' && Object.values(endpoint.args).some((a) => a.required === true);
}

function isPaged(m: ClientMethod): boolean {
  return m.endpoint.methods[0] === 'GET' && m.endpoint.argsMode === 'declared' && 'page' in m.endpoint.args;
}

/**
 * How createClient's text is written: laid out as prettier lays it out (names and texts that do
 * not allow it throw NotLaidOut), or `plain`, a method a line, for prettier to lay out.
 */
interface Writing {
  plain: boolean;
}

/** A key prettier writes bare. */
function bareKey(key: string, how: Writing): string {
  if (!how.plain && !/^[A-Za-z_$][\w$]*$/.test(key)) throw new NotLaidOut(`a key prettier may quote: ${key}`);
  return key;
}

/**
 * One method as prettier lays it out: on one line if it fits, else its body below its
 * parameters, the parameters one a line when they do not fit either (the body then beside `) =>`
 * if it fits there), and a body too long for its line with one argument a line.
 */
export function methodLines(indent: string, name: string, params: string[], callee: string, args: string[], how: Writing): string[] {
  const body = `${callee}(${args.join(', ')})`;
  const head = `${indent}${bareKey(name, how)}: (${params.join(', ')}) =>`;
  if (how.plain) return [`${head} ${body},`];
  const inner = `${indent}  `;
  const bodyLines = (): string[] => (fitsOnItsLine(`${inner}${body},`) ? [`${inner}${body},`] : [`${inner}${callee}(`, ...args.map((arg) => `${inner}  ${arg},`), `${inner}),`]);
  if (fitsOnItsLine(`${head} ${body},`)) return [`${head} ${body},`];
  if (fitsOnItsLine(head)) return [head, ...bodyLines()];
  const broken = [`${indent}${name}: (`, ...params.map((param) => `${inner}${param},`)];
  if (fitsOnItsLine(`${indent}) => ${body},`)) return [...broken, `${indent}) => ${body},`];
  return [...broken, `${indent}) =>`, ...bodyLines()];
}

/** A method's lines (and those of its pages' helpers), each under its one-line doc comment. */
function methodEntries(indent: string, m: ClientMethod, how: Writing): string[] {
  const id = m.endpoint.operationId;
  const argsType = `T.${inputTypeName(id)}`;
  const params = [hasRequired(m.route, m.endpoint) ? `args: ${argsType}` : `args: ${argsType} = {}`, 'init?: CallOptions'];
  const path = stringLiteral(m.route.path);
  const doc = (text: string): string => {
    if (!how.plain && /\*\/|[\r\n\u2028\u2029]/.test(text)) throw new NotLaidOut('a doc comment not on one line');
    return `${indent}/** ${text} */`;
  };
  const lines = [
    doc(`${m.endpoint.description ? `${m.endpoint.description} ` : ''}${m.endpoint.methods.join(', ')} ${m.route.path} (${id})`),
    ...methodLines(indent, m.name, params, `call<T.${resultTypeName(id)}>`, ['options', stringLiteral(m.endpoint.methods[0]!), path, 'args', 'init'], how),
  ];
  if (isPaged(m)) {
    const item = `ItemOf<T.${resultTypeName(id)}>`;
    lines.push(doc(`Every item over all pages of ${m.route.path}.`), ...methodLines(indent, `${m.name}All`, params, `collectAll<${item}>`, ['options', path, 'args', 'init'], how));
    lines.push(doc(`The pages of ${m.route.path} one by one, with X-WP-Total and X-WP-TotalPages.`), ...methodLines(indent, `${m.name}Pages`, params, `iteratePages<${item}>`, ['options', path, 'args', 'init'], how));
  }
  return lines;
}

/** `createClient`'s text, written as `how` says. */
function createClientText(deployment: string, tree: Map<string, Map<string, ClientMethod[]>>, how: Writing): string {
  if (tree.size === 0 && !how.plain) throw new NotLaidOut('a client of no methods');
  const lines = [`/** A client of the ${deployment} deployment. */`, 'export function createClient(options: ClientOptions) {', '  return {'];
  for (const [nsKey, resources] of tree) {
    lines.push(`    ${bareKey(nsKey, how)}: {`);
    for (const [resKey, methods] of resources) lines.push(`      ${bareKey(resKey, how)}: {`, ...methods.flatMap((m) => methodEntries('        ', m, how)), '      },');
    lines.push('    },');
  }
  lines.push('  };', '}');
  if (!how.plain && !lines.every((line) => line.trimStart().startsWith('/**') || fitsOnItsLine(line))) throw new NotLaidOut('a line prettier breaks');
  return lines.join('\n');
}

export function emitClient(deployment: DeploymentModel): EmittedFile[] {
  const tree = groupMethods(deployment);
  let laidOut: string | undefined;
  try {
    laidOut = createClientText(deployment.name, tree, { plain: false });
  } catch (error) {
    if (!(error instanceof NotLaidOut)) throw error;
  }
  const header = generatedBanner(`typed client of the ${deployment.name} deployment`);
  const alias = 'export type Client = ReturnType<typeof createClient>;';
  const printed = printSource({ statements: [IMPORT, CORE, laidOut ?? createClientText(deployment.name, tree, { plain: true }), alias] }, header);
  // The fixed part is kept as prettier writes it (laid-out-pieces.test.ts), and so are the
  // import, the type alias and a createClient laid out here: the formatter formats the rest.
  return [{ path: `deployments/${deployment.name}/client.ts`, ...withLaidOut(printed, [`${header}\n${IMPORT}`, CORE, laidOut, alias]) }];
}
