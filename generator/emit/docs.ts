/**
 * Reference docs of a deployment: `docs/<namespace-slug>.md` per namespace and the deployment's
 * `README.md`, rendered from handlebars templates in `templates/`.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { ArgSchema, Behavior, DeploymentModel, Endpoint, Permission, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { namespaceSlug } from './naming.ts';

function template(name: string): Handlebars.TemplateDelegate {
  const text = readFileSync(new URL(`../../templates/${name}`, import.meta.url), 'utf8');
  // Markdown, not HTML: nothing to escape but table pipes, which `cell` handles.
  return Handlebars.compile(text, { noEscape: true, strict: false });
}

const namespaceTemplate = template('namespace-doc.md.hbs');
const readmeTemplate = template('deployment-readme.md.hbs');

/** Text safe inside a markdown table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

const code = (value: unknown): string => `\`${JSON.stringify(value)}\``;

function typeText(arg: ArgSchema): string {
  const types = Array.isArray(arg.type) ? arg.type.join(' or ') : (arg.type ?? 'any');
  const items = arg.items?.type ? ` of ${Array.isArray(arg.items.type) ? arg.items.type.join(' or ') : arg.items.type}` : '';
  const format = arg.format ? ` (${arg.format})` : '';
  if (arg.oneOf) return `one of: ${arg.oneOf.map(typeText).join('; ')}`;
  return `${types}${items}${format}`;
}

function constraints(arg: ArgSchema): string {
  const out: string[] = [];
  if (arg.enum) out.push(`one of ${arg.enum.map(code).join(', ')}`);
  if (arg.items?.enum) out.push(`items one of ${arg.items.enum.map(code).join(', ')}`);
  if (arg.minimum !== undefined) out.push(`${arg.exclusiveMinimum ? '>' : '≥'} ${arg.minimum}`);
  if (arg.maximum !== undefined) out.push(`${arg.exclusiveMaximum ? '<' : '≤'} ${arg.maximum}`);
  if (arg.minLength !== undefined) out.push(`length ≥ ${arg.minLength}`);
  if (arg.maxLength !== undefined) out.push(`length ≤ ${arg.maxLength}`);
  if (arg.minItems !== undefined) out.push(`at least ${arg.minItems} items`);
  if (arg.maxItems !== undefined) out.push(`at most ${arg.maxItems} items`);
  if (arg.uniqueItems) out.push('unique items');
  if (arg.pattern) out.push(`matches \`${arg.pattern}\``);
  if (arg.readonly) out.push('read-only');
  if (arg.validate === false) out.push('not validated: a plain string is accepted too');
  return out.join('; ');
}

function permissionText(p: Permission): string {
  if (p.kind === 'public') return 'public';
  return p.kind === 'capability' ? `capability \`${p.capability}\`` : `rule \`${p.rule}\``;
}

function implementationText(endpoint: Endpoint): string {
  if (endpoint.handler === 'custom') return 'custom handler (preserved region in `output/handlers/`)';
  const b = endpoint.behavior as Behavior;
  return `\`${b.kind}\` behaviour${'collection' in b ? ` on \`${b.collection}\`` : ''}${'key' in b ? ` on \`${b.key}\`` : ''}`;
}

function responseText(endpoint: Endpoint): string {
  const r = endpoint.response;
  if (r === undefined) return '';
  if ('deleted' in r) return `\`{ deleted, previous }\` with the deleted \`${r.deleted}\``;
  return r.many ? `a list of \`${r.resource}\`` : `one \`${r.resource}\``;
}

function endpointView(endpoint: Endpoint) {
  return {
    methods: endpoint.methods.join(', '),
    operationId: endpoint.operationId,
    description: endpoint.description,
    deprecated: endpoint.deprecated,
    permission: permissionText(endpoint.permission),
    implementation: implementationText(endpoint),
    allowBatch: endpoint.allowBatch,
    response: responseText(endpoint),
    argsNote: endpoint.argsMode === 'undeclared' ? 'Takes a body the spec does not describe.' : 'No parameters.',
    args: Object.entries(endpoint.argsMode === 'declared' ? endpoint.args : {}).map(([name, arg]) => ({
      name,
      type: cell(typeText(arg)),
      required: arg.required ? 'yes' : 'no',
      default: arg.default === undefined ? '' : cell(code(arg.default)),
      constraints: cell(constraints(arg)),
      description: cell(arg.description ?? ''),
    })),
  };
}

function routeView(route: Route) {
  return { path: route.path, pattern: route.pattern, captures: route.captures, endpoints: route.endpoints.map(endpointView) };
}

function namespacesOf(deployment: DeploymentModel): string[] {
  return [...new Set(deployment.routes.map((r) => r.namespace))];
}

export function emitDocs(deployment: DeploymentModel): EmittedFile[] {
  const files: EmittedFile[] = [];
  const summary = namespacesOf(deployment).map((ns) => {
    const routes = deployment.routes.filter((r) => r.namespace === ns);
    const slug = namespaceSlug(ns);
    const content = namespaceTemplate({
      title: ns === '' ? 'Root routes' : `Namespace \`${ns}\``,
      deployment: deployment.name,
      routeCount: routes.length,
      endpointCount: routes.reduce((n, r) => n + r.endpoints.length, 0),
      routes: routes.map(routeView),
    });
    files.push({ path: `deployments/${deployment.name}/docs/${slug}.md`, content });
    return { name: ns === '' ? '(root)' : ns, slug, routeCount: routes.length };
  });
  const readme = readmeTemplate({
    name: deployment.name,
    isDefault: deployment.isDefault,
    description: deployment.description,
    siteName: deployment.site.name,
    applicationPasswords: deployment.authentication.applicationPasswords,
    aliases: deployment.aliases,
    routeCount: deployment.routes.length,
    endpointCount: deployment.routes.reduce((n, r) => n + r.endpoints.length, 0),
    namespaces: summary,
  });
  files.push({ path: `deployments/${deployment.name}/README.md`, content: readme });
  return files;
}
