/**
 * `client.ts`: a typed client of the deployment with no dependencies but `fetch`. Its fixed
 * part (transport, errors, auth, pagination) is `templates/client-core.ts`; the generated part
 * is one function per endpoint, grouped by namespace and resource:
 * `createClient({ restUrl }).core.posts.list({ per_page: 5 })`.
 */
import { readFileSync } from 'node:fs';
import CodeBlockWriter from 'code-block-writer';
import type { DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { camelCase, clientVerb, handlerGroup, inputTypeName, pathWords, resultTypeName } from './naming.ts';
import { generatedBanner, printSource, StructureKind } from './ts-source.ts';

const CORE = readFileSync(new URL('../../templates/client-core.ts', import.meta.url), 'utf8');

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

function writeMethod(w: CodeBlockWriter, m: ClientMethod): void {
  const id = m.endpoint.operationId;
  const argsType = `T.${inputTypeName(id)}`;
  const param = hasRequired(m.route, m.endpoint) ? `args: ${argsType}` : `args: ${argsType} = {}`;
  const path = JSON.stringify(m.route.path);
  const method = JSON.stringify(m.endpoint.methods[0]);
  const doc = m.endpoint.description ? `${m.endpoint.description} ` : '';
  w.writeLine(`/** ${doc}${m.endpoint.methods.join(', ')} ${m.route.path} (${id}) */`);
  w.writeLine(`${m.name}: (${param}, init?: CallOptions) => call<T.${resultTypeName(id)}>(options, ${method}, ${path}, args, init),`);
  if (isPaged(m)) {
    const item = `ItemOf<T.${resultTypeName(id)}>`;
    w.writeLine(`/** Every item over all pages of ${m.route.path}. */`);
    w.writeLine(`${m.name}All: (${param}, init?: CallOptions) => collectAll<${item}>(options, ${path}, args, init),`);
    w.writeLine(`/** The pages of ${m.route.path} one by one, with X-WP-Total and X-WP-TotalPages. */`);
    w.writeLine(`${m.name}Pages: (${param}, init?: CallOptions) => iteratePages<${item}>(options, ${path}, args, init),`);
  }
}

/** `return { …the tree of methods… };`, the body of createClient, as text (printSource takes data, not a writer). */
function treeText(tree: Map<string, Map<string, ClientMethod[]>>): string {
  const w = new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: true, newLine: '\n' });
  w.write('return ').block(() => {
    for (const [nsKey, resources] of tree) {
      w.write(`${nsKey}: `).inlineBlock(() => {
        for (const [resKey, methods] of resources) {
          w.write(`${resKey}: `).inlineBlock(() => methods.forEach((m) => writeMethod(w, m)));
          w.write(',').newLine();
        }
      });
      w.write(',').newLine();
    }
  });
  return w.write(';').toString();
}

export function emitClient(deployment: DeploymentModel): EmittedFile[] {
  const tree = groupMethods(deployment);
  const printed = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: './types.ts', isTypeOnly: true, namespaceImport: 'T' },
        CORE,
        {
          kind: StructureKind.Function,
          isExported: true,
          name: 'createClient',
          docs: [`A client of the ${deployment.name} deployment.`],
          parameters: [{ name: 'options', type: 'ClientOptions' }],
          statements: treeText(tree),
        },
        {
          kind: StructureKind.TypeAlias,
          isExported: true,
          name: 'Client',
          type: 'ReturnType<typeof createClient>',
        },
      ],
    },
    generatedBanner(`typed client of the ${deployment.name} deployment`),
  );
  return [{ path: `deployments/${deployment.name}/client.ts`, ...printed }];
}
