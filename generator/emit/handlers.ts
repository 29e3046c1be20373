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
import { GENERATED_MARK, generatedBanner, printSource, StructureKind, VariableDeclarationKind } from './ts-source.ts';
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

function handlerStatement(op: CustomOperation): StatementStructures {
  const id = op.endpoint.operationId;
  const doc = [`${op.endpoint.methods.join(', ')} ${op.route.path}`];
  if (op.endpoint.description) doc.push(op.endpoint.description);
  doc.push(`Permission (checked before this runs): ${describePermission(op.endpoint.permission)}.`);
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc.join('\n\n')],
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
 * Type-only imports of each operation's args and result from `shared/types.ts`, where a type a
 * deployment makes differently is the union of each deployment's form (types.ts emitSharedTypes).
 */
function typeImports(ops: CustomOperation[]): StatementStructures[] {
  const names = ops.flatMap((op) => [argsTypeName(op.endpoint.operationId), resultTypeName(op.endpoint.operationId)]);
  return [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: `../../${SHARED_TYPES}`, isTypeOnly: true, namedImports: names }];
}

function handlerFile(file: string, ops: CustomOperation[]): EmittedFile {
  const printed = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../../runtime/rest/types.ts', isTypeOnly: true, namedImports: ['Handler', 'HandlerResult'] },
        ...typeImports(ops),
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../../runtime/rest/errors.ts', namedImports: ['restError'] },
        `${regionStart(IMPORTS_REGION)}\n${regionEnd(IMPORTS_REGION)}`,
        ...ops.map(handlerStatement),
      ],
    },
    [
      `${GENERATED_MARK} from spec/: handlers of ${file.slice('handlers/'.length, -'.ts'.length)}, rewritten by \`specpress generate\`.`,
      '// Write only inside the `#region specpress:...` markers: their text is kept byte for byte;',
      '// everything else comes from the spec.',
    ].join('\n'),
  );
  return { path: file, ...printed };
}

function indexFile(ops: CustomOperation[]): EmittedFile {
  const byFile = new Map<string, string[]>();
  for (const op of ops) byFile.set(op.file, [...(byFile.get(op.file) ?? []), op.endpoint.operationId]);
  const files = [...byFile.keys()].sort();
  const printed = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../runtime/rest/types.ts', isTypeOnly: true, namedImports: ['Handler'] },
        ...files.map((f) => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./${f.slice('handlers/'.length)}`, namedImports: byFile.get(f)! })),
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: ['Every custom handler by operation id (`never` params: a handler of any operation fits).'],
          declarations: [{ name: 'handlers', type: 'Record<string, Handler<never, unknown>>', initializer: `{ ${ops.map((o) => o.endpoint.operationId).join(', ')} }` }],
        },
      ],
    },
    generatedBanner('index of custom handlers'),
  );
  return { path: 'handlers/index.ts', ...printed };
}

/** The handler files and their index, as skeletons (default bodies); preserve.ts merges regions in. */
export function emitHandlers(model: SpecModel): EmittedFile[] {
  const ops = customOperations(model);
  const byFile = new Map<string, CustomOperation[]>();
  for (const op of ops) byFile.set(op.file, [...(byFile.get(op.file) ?? []), op]);
  const files = [...byFile.keys()].sort().map((f) => handlerFile(f, byFile.get(f)!));
  return [...files, indexFile(ops)];
}
