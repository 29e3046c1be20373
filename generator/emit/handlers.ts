/**
 * Handler skeletons under `output/handlers/<namespace-slug>/<group>.ts`, shared by every
 * deployment: one exported `Handler` per `handler: custom` operation of any deployment. The body
 * of each sits in a preserved region (see preserve.ts) that people fill in; until then it
 * answers 501 `rest_not_implemented`. Also `output/handlers/index.ts`, operation id -> handler.
 */
import type { StatementStructures } from 'ts-morph';
import type { Endpoint, Permission, Route, SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { argsTypeName, handlerGroup, namespaceSlug, resultTypeName } from './naming.ts';
import { SHARED_TYPES } from './types.ts';
import { fitsOnItsLine, importStatement } from './literal-layout.ts';
import { GENERATED_MARK, generatedBanner, printSource, StructureKind, VariableDeclarationKind, withLaidOut } from './ts-source.ts';
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

/** A handler's statement for prettier to lay out (laidOutHandler lays out most). */
function handlerStatement(op: CustomOperation): StatementStructures {
  const id = op.endpoint.operationId;
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [docParagraphs(op).join('\n\n')],
    declarations: [
      {
        name: id,
        type: `Handler<${argsTypeName(id)}, ${resultTypeName(id)}>`,
        // The return type written out, so that an answer of the wrong shape is reported at the
        // `return` in the region, not at this declaration.
        initializer: [`async (ctx): Promise<HandlerResult<${resultTypeName(id)}>> => {`, ...[regionStart(id), defaultBody(id), regionEnd(id)].map((line) => `  ${line}`), '}'].join('\n'),
      },
    ],
  };
}

/**
 * A handler's statement as prettier lays it out: its doc comment, then the declaration on one
 * line, or with `ctx` on a line of its own when that does not fit; undefined when a line would be
 * too long even so, or a doc line is not for a comment as written (prettier then formats the
 * statement handlerStatement makes). The rules were read off prettier over random names
 * (laid-out-pieces.test.ts holds them to it).
 */
function laidOutHandler(op: CustomOperation): string | undefined {
  const id = op.endpoint.operationId;
  const doc = docParagraphs(op).join('\n\n').split('\n');
  if (doc.some((line) => /\*\/|[\r\u2028\u2029]|\s$/.test(line))) return undefined;
  const head = `export const ${id}: Handler<${argsTypeName(id)}, ${resultTypeName(id)}> = async`;
  const returns = `: Promise<HandlerResult<${resultTypeName(id)}>> => {`;
  const body = [regionStart(id), defaultBody(id), regionEnd(id)].map((line) => `  ${line}`).concat('};');
  const declaration = fitsOnItsLine(`${head} (ctx)${returns}`) ? [`${head} (ctx)${returns}`] : [`${head} (`, '  ctx,', `)${returns}`];
  if (![...declaration, ...body].every(fitsOnItsLine)) return undefined;
  return ['/**', ...doc.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */', ...declaration, ...body].join('\n');
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
  const handlers = ops.map((op) => laidOutHandler(op) ?? handlerStatement(op));
  const printed = printSource({ statements: [imports, regions, ...handlers] }, header);
  return { path: file, ...withLaidOut(printed, [`${header}\n${imports}`, regions, ...handlers.filter((h) => typeof h === 'string')]) };
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
