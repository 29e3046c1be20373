/**
 * The deployment's `README.md` (from `templates/deployment-readme.md.hbs`): what it is, its
 * namespaces and its files. Routes, params and shapes are described once, in the HTML reference
 * (`reference/index.html`, see reference.ts) and `openapi.json`; Markdown pages repeating them
 * per namespace were a third copy of the same text, so there are none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';
import type { DeploymentModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { namespaceAnchor } from './reference.ts';
import { withAlignedTables } from './markdown-layout.ts';

function template(name: string): Handlebars.TemplateDelegate {
  const text = readFileSync(new URL(`../../templates/${name}`, import.meta.url), 'utf8');
  // Loaded at first use: a run that reuses every deployment's files (deployment-cache.ts) writes no README.
  const handlebars = createRequire(import.meta.url)('handlebars') as typeof Handlebars;
  // Markdown, not HTML: the values are names and counts from the spec.
  return handlebars.compile(text, { noEscape: true, strict: false });
}

let readme: Handlebars.TemplateDelegate | undefined;
const readmeTemplate = (context: object): string => (readme ??= template('deployment-readme.md.hbs'))(context);

/** Text Markdown reads as words and punctuation only: no emphasis, code, link, list or heading marks, single spaces. */
const PLAIN_PROSE = /^[A-Za-z](?:[A-Za-z0-9.,:;'"()/+?!%=-]| (?! ))*[A-Za-z0-9.,:;'"()/+?!%=-]$/;
/** What a code span holds as it is: printable ASCII, no backtick, no space at either end. */
const CODE_SPAN = /^[\x21-\x5f\x61-\x7e](?:[\x20-\x5f\x61-\x7e]*[\x21-\x5f\x61-\x7e])?$/;

function namespacesOf(deployment: DeploymentModel): string[] {
  return [...new Set(deployment.routes.map((r) => r.namespace))];
}

export function emitDocs(deployment: DeploymentModel): EmittedFile[] {
  const files: EmittedFile[] = [];
  const summary = namespacesOf(deployment).map((ns) => {
    const routes = deployment.routes.filter((r) => r.namespace === ns);
    return { name: ns === '' ? '(root)' : ns, anchor: namespaceAnchor(ns), routeCount: routes.length, endpointCount: routes.reduce((n, r) => n + r.endpoints.length, 0) };
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
  // Laid out here when its text from the spec is plain prose (prettier would leave it as it is):
  // only the tables then differ from prettier's form (markdown-layout.ts).
  const prose = [deployment.description, deployment.site.name].every((text) => PLAIN_PROSE.test(text)) && deployment.aliases.every((a) => CODE_SPAN.test(a.from) && CODE_SPAN.test(a.to));
  const laidOut = prose ? withAlignedTables(readme) : undefined;
  files.push({ path: `deployments/${deployment.name}/README.md`, ...(laidOut === undefined ? { content: readme } : { content: laidOut, preformatted: true }) });
  return files;
}
