/**
 * Handler skeletons under `output/handlers/<namespace-slug>/<group>.ts`, shared by every
 * deployment: one exported `Handler` per `handler: custom` operation of any deployment. The body
 * of each sits in a preserved region (see preserve.ts) that people fill in; until then it
 * answers 501 `rest_not_implemented`. Also `output/handlers/index.ts`, operation id -> handler.
 */
import type { Endpoint, Permission, Route, SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { argsTypeName, handlerGroup, namespaceSlug, resultTypeName } from './naming.ts';
import { SHARED_TYPES } from './types.ts';
import { fitsOnItsLine, importStatement } from './literal-layout.ts';
import { GENERATED_MARK, generatedBanner, printSource, withLaidOut } from './ts-source.ts';
import { IMPORTS_REGION, defaultBody, regionEnd, regionStart } from '../preserve.ts';

export interface CustomOperation {
  route: Route;
  endpoint: Endpoint;
  /** Path of the handler file relative to the output root, e.g. `handlers/core-v2/posts.ts`. */
  file: string;
}

/** Every custom operation over all deployments, first appearance wins, in model order. */
export function customOperations(model: SpecModel): CustomOperation[] {
  const seen = new Map<string, CustomOperation>();
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        if (endpoint.handler !== 'custom' || seen.has(endpoint.operationId)) continue;
        const file = `handlers/${namespaceSlug(route.namespace)}/${handlerGroup(route)}.ts`;
        seen.set(endpoint.operationId, { route, endpoint, file });
      }
    }
  }
  return [...seen.values()];
}

function describePermission(p: Permission): string {
  if (p.kind === 'public') return 'public';
  return p.kind === 'capability' ? `capability ${p.capability}` : `rule ${p.rule}`;
}

/**
 * A handler's statement: its doc comment, then the declaration as prettier lays it out (the rules
 * were read off prettier over random names; laid-out-pieces.test.ts holds them to it): on one
 * line; else with `ctx` on a line of its own; else, when even `... = async (` is too long, with
 * the type's arguments one a line and the arrow after them on one line or with `ctx` on its own.
 * A declaration with a line too long even so is written on one line and not laid out: prettier
 * breaks it.
 */
function handlerText(op: CustomOperation): { text: string; laidOut: boolean } {
  const id = op.endpoint.operationId;
  // The doc's lines as a comment holds them: `*/` escaped (as json-schema-to-typescript does), any
  // line end a line end, no trailing spaces (prettier drops them).
  const doc = docParagraphs(op).join('\n\n').replace(/\*\//g, '*\\/').split(/\r\n?|\n|[\u2028\u2029]/).map((line) => line.trimEnd());
  // The return type written out, so that an answer of the wrong shape is reported at the `return`
  // in the region, not at this declaration.
  const head = `export const ${id}: Handler<${argsTypeName(id)}, ${resultTypeName(id)}> = async`;
  const returns = `: Promise<HandlerResult<${resultTypeName(id)}>> => {`;
  const oneLine = `${head} (ctx)${returns}`;
  const body = [regionStart(id), defaultBody(id), regionEnd(id)].map((line) => `  ${line}`).concat('};');
  const arrow = (start: string): string[] => (fitsOnItsLine(`${start} (ctx)${returns}`) ? [`${start} (ctx)${returns}`] : [`${start} (`, '  ctx,', `)${returns}`]);
  const declaration = fitsOnItsLine(`${head} (`) ? arrow(head) : [`export const ${id}: Handler<`, `  ${argsTypeName(id)},`, `  ${resultTypeName(id)}`, ...arrow('> = async')];
  const laidOut = [...declaration, ...body].every(fitsOnItsLine);
  const comment = ['/**', ...doc.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'];
  return { text: [...comment, ...(laidOut ? declaration : [oneLine]), ...body].join('\n'), laidOut };
}

/** The paragraphs of a handler's doc comment: what it answers, the endpoint's description, its permission. */
function docParagraphs(op: CustomOperation): string[] {
  const doc = [`${op.endpoint.methods.join(', ')} ${op.route.path}`];
  if (op.endpoint.description) doc.push(op.endpoint.description);
  doc.push(`Permission (checked before this runs): ${describePermission(op.endpoint.permission)}.`);
  return doc;
}

function handlerFile(file: string, ops: CustomOperation[]): EmittedFile {
  const header = [
    `${GENERATED_MARK} from spec/: handlers of ${file.slice('handlers/'.length, -'.ts'.length)}, rewritten by \`specpress generate\`.`,
    '// Write only inside the `#region specpress:...` markers: their text is kept byte for byte;',
    '// everything else comes from the spec.',
  ].join('\n');
  // Type-only imports of each operation's args and result from `shared/types.ts`, where a type a
  // deployment makes differently is the union of each deployment's form (types.ts emitSharedTypes).
  const typeNames = ops.flatMap((op) => [argsTypeName(op.endpoint.operationId), resultTypeName(op.endpoint.operationId)]);
  const imports = [
    importStatement('../../../runtime/rest/types.ts', { named: ['Handler', 'HandlerResult'], typeOnly: true }),
    importStatement(`../../${SHARED_TYPES}`, { named: typeNames, typeOnly: true }),
    importStatement('../../../runtime/rest/errors.ts', { named: ['restError'] }),
  ].join('\n');
  const regions = `${regionStart(IMPORTS_REGION)}\n${regionEnd(IMPORTS_REGION)}`;
  const handlers = ops.map(handlerText);
  const printed = printSource({ statements: [imports, regions, ...handlers.map((h) => h.text)] }, header);
  return { path: file, ...withLaidOut(printed, [`${header}\n${imports}`, regions, ...handlers.filter((h) => h.laidOut).map((h) => h.text)]) };
}

function indexFile(ops: CustomOperation[]): EmittedFile {
  const byFile = new Map<string, string[]>();
  for (const op of ops) byFile.set(op.file, [...(byFile.get(op.file) ?? []), op.endpoint.operationId]);
  const files = [...byFile.keys()].sort();
  const header = generatedBanner('index of custom handlers');
  const imports = [
    importStatement('../../runtime/rest/types.ts', { named: ['Handler'], typeOnly: true }),
    ...files.map((f) => importStatement(`./${f.slice('handlers/'.length)}`, { named: byFile.get(f)! })),
  ].join('\n');
  // The map on one line when it fits, else one handler a line, as prettier writes an object.
  const start = 'export const handlers: Record<string, Handler<never, unknown>> =';
  const ids = ops.map((o) => o.endpoint.operationId);
  const flat = `${start} { ${ids.join(', ')} };`;
  const map = ids.length === 0 ? `${start} {};` : fitsOnItsLine(flat) ? flat : [`${start} {`, ...ids.map((id) => `  ${id},`), '};'].join('\n');
  const statement = `/** Every custom handler by operation id (\`never\` params: a handler of any operation fits). */\n${map}`;
  const printed = printSource({ statements: [imports, statement] }, header);
  return { path: 'handlers/index.ts', ...withLaidOut(printed, [`${header}\n${imports}`, statement]) };
}

/** The handler files and their index, as skeletons (default bodies); preserve.ts merges regions in. */
export function emitHandlers(model: SpecModel): EmittedFile[] {
  const ops = customOperations(model);
  const byFile = new Map<string, CustomOperation[]>();
  for (const op of ops) byFile.set(op.file, [...(byFile.get(op.file) ?? []), op]);
  const files = [...byFile.keys()].sort().map((f) => handlerFile(f, byFile.get(f)!));
  return [...files, indexFile(ops)];
}
