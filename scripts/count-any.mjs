#!/usr/bin/env node
/**
 * Counts `any` on the path from the generated handlers to the store: the explicit `any` type
 * nodes (`: any`, `as any`, `Handler<any, any>`...) and, among them, `Record<string, any>`, in
 * every runtime/ file a handler under output/handlers/ reaches through its imports (followed
 * from file to file, type-only imports included, since types are what this counts).
 *
 * And the untyped params one step short of `any`: parameters of exported functions in those
 * files declared `Record<string, unknown>`, or a `HandlerContext` whose params are (bare, or
 * `HandlerContext<Record<string, unknown>>`), alone or in a union. A handler's generated Args
 * fit such a parameter, but what the function reads of them is checked by no one: a renamed
 * arg still compiles. `services` is the part of that count in the functions the handlers call
 * themselves (`posts.create(ctx, 'post')`, `media.update(ctx)`), where the Args arrive.
 *
 *   node scripts/count-any.mjs            # totals
 *   node scripts/count-any.mjs --files    # and the files that still have some, most first
 *   node scripts/count-any.mjs --json     # { files, any, recordStringAny, anyByDefault, anyDefaulted, perFile, untypedParams, untypedServiceParams, untyped }
 *
 * test/generator/no-any-on-handler-path.test.ts runs it and holds the totals to a ceiling, so
 * the count can only go down.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function tsFilesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFilesUnder(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

function parse(path) {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Relative module specifiers of a file's imports and re-exports, resolved to files that exist. */
function importedFiles(source) {
  const out = [];
  const add = (specifier) => {
    if (!specifier.startsWith('.')) return;
    const path = resolve(dirname(source.fileName), specifier);
    for (const candidate of [path, `${path}.ts`, join(path, 'index.ts')]) {
      if (candidate.endsWith('.ts') && existsSync(candidate)) return void out.push(candidate);
    }
  };
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) add(statement.moduleSpecifier.text);
  }
  // `import('../x.ts').Type` in type positions.
  const visit = (node) => {
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** `Record<string, T>` where T is the keyword of `valueKind` (any, unknown). */
function isRecordOfString(node, valueKind) {
  return (
    ts.isTypeReferenceNode(node) &&
    ts.isIdentifier(node.typeName) &&
    node.typeName.text === 'Record' &&
    node.typeArguments?.length === 2 &&
    node.typeArguments[0].kind === ts.SyntaxKind.StringKeyword &&
    node.typeArguments[1].kind === valueKind
  );
}

const isRecordStringAny = (node) => isRecordOfString(node, ts.SyntaxKind.AnyKeyword);
const isRecordStringUnknown = (node) => isRecordOfString(node, ts.SyntaxKind.UnknownKeyword);

function containsAny(node) {
  if (node.kind === ts.SyntaxKind.AnyKeyword) return true;
  return ts.forEachChild(node, containsAny) === true;
}

/** Names of generic types or interfaces a type parameter of which defaults to something with `any` in it. */
function anyDefaulted(source) {
  const names = new Set();
  for (const statement of source.statements) {
    if (!(ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement)) || !statement.name) continue;
    if (statement.typeParameters?.some((p) => p.default !== undefined && containsAny(p.default))) names.add(statement.name.text);
  }
  return names;
}

/**
 * `any` type nodes, `Record<string, any>`, and references that leave out the type arguments of
 * a type whose parameters default to `any` (a bare `HandlerContext` is `Record<string, any>` params).
 */
function countIn(source, defaulted) {
  let any = 0;
  let recordStringAny = 0;
  let anyByDefault = 0;
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) any++;
    if (isRecordStringAny(node)) recordStringAny++;
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && defaulted.has(node.typeName.text) && node.typeArguments === undefined) anyByDefault++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { any, recordStringAny, anyByDefault };
}

/** A parameter type that leaves the params untyped: `Record<string, unknown>`, a bare `HandlerContext` or one of those, or a union holding one. */
function isUntypedParamType(node) {
  if (!node) return false;
  if (ts.isParenthesizedTypeNode(node)) return isUntypedParamType(node.type);
  if (ts.isUnionTypeNode(node)) return node.types.some(isUntypedParamType);
  if (isRecordStringUnknown(node)) return true;
  return ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'HandlerContext' && (node.typeArguments === undefined || isRecordStringUnknown(node.typeArguments[0]));
}

const isExported = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true;
const isFunctionLike = (node) => node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/**
 * A file's exports that are functions, by exported name: `export function f`, `export const f =
 * () => ...`, `export { f as g }`, and the functions an exported object literal gathers
 * (`export const media = { create, delete: remove }`, as `media.create`). A name imported from
 * another runtime file and exported again is followed there (as `{ file, name }`).
 */
function exportedFunctions(source) {
  const local = new Map();
  const imported = new Map();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) local.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) local.set(d.name.text, d.initializer);
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      const [file] = importedFiles({ fileName: source.fileName, statements: [statement] });
      for (const el of statement.importClause.namedBindings.elements) if (file) imported.set(el.name.text, { file, name: (el.propertyName ?? el.name).text });
    }
  }
  const out = new Map();
  const resolveName = (name) => {
    const node = local.get(name);
    if (node && (ts.isFunctionDeclaration(node) || isFunctionLike(node))) return node;
    return imported.get(name);
  };
  const add = (exported, name) => {
    const node = local.get(name);
    if (node && ts.isObjectLiteralExpression(node)) {
      for (const prop of node.properties) {
        if (ts.isShorthandPropertyAssignment(prop)) { const f = resolveName(prop.name.text); if (f) out.set(`${exported}.${prop.name.text}`, f); }
        else if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.initializer) && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) { const f = resolveName(prop.initializer.text); if (f) out.set(`${exported}.${prop.name.text}`, f); }
        else if (ts.isPropertyAssignment(prop) && isFunctionLike(prop.initializer) && ts.isIdentifier(prop.name)) out.set(`${exported}.${prop.name.text}`, prop.initializer);
        else if (ts.isMethodDeclaration(prop) && ts.isIdentifier(prop.name)) out.set(`${exported}.${prop.name.text}`, prop);
      }
      return;
    }
    const f = resolveName(name);
    if (f) out.set(exported, f);
  };
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement)) add(statement.name.text, statement.name.text);
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) add(d.name.text, d.name.text);
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) add(el.name.text, (el.propertyName ?? el.name).text);
    }
  }
  return out;
}

/** The names of a function's parameters whose type leaves the params untyped. */
function untypedParams(fn) {
  return (fn.parameters ?? []).filter((p) => isUntypedParamType(p.type)).map((p) => p.name.getText());
}

/**
 * What the handlers call in runtime/, as `file#name` (`name` may be `object.method`): calls
 * through a namespace import (`posts.create(...)`), a named import (`urlDetails(...)`) or a
 * method of an imported object (`media.update(...)`).
 */
function handlerCalls(handlerFiles, runtime) {
  const calls = new Set();
  for (const path of handlerFiles) {
    const source = parse(path);
    const namespaces = new Map();
    const names = new Map();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings || statement.importClause.isTypeOnly) continue;
      const [file] = importedFiles({ fileName: source.fileName, statements: [statement] });
      if (!file || !file.startsWith(runtime)) continue;
      const bindings = statement.importClause.namedBindings;
      if (ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, file);
      else for (const el of bindings.elements) names.set(el.name.text, { file, name: (el.propertyName ?? el.name).text });
    }
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && names.has(callee.text)) calls.add(`${names.get(callee.text).file}#${names.get(callee.text).name}`);
        if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
          const head = callee.expression.text;
          if (namespaces.has(head)) calls.add(`${namespaces.get(head)}#${callee.name.text}`);
          else if (names.has(head)) calls.add(`${names.get(head).file}#${names.get(head).name}.${callee.name.text}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

/**
 * The untyped parameters of exported functions in the reached files (each as
 * `file: function(param)`), and which of those functions the handlers call themselves.
 */
function countUntyped(root, sources, calls) {
  const all = [];
  const services = [];
  const seen = new Set();
  let calledFound = 0;
  const where = (file) => relative(root, file).split(sep).join('/');
  const note = (file, name, fn, called) => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (called) calledFound++;
    for (const param of untypedParams(fn)) {
      const entry = `${where(file)}: ${name}(${param})`;
      all.push(entry);
      if (called) services.push(entry);
    }
  };
  for (const [file, source] of sources) {
    for (const [name, fn] of exportedFunctions(source)) {
      if (fn.file) continue; // exported again from where it is declared: counted there
      note(file, name, fn, calls.has(`${file}#${name}`));
    }
  }
  // A handler's call that reaches a function another file declares (an object gathering imports).
  for (const call of calls) {
    const [file, name] = call.split('#');
    const source = sources.get(file);
    const fn = source && exportedFunctions(source).get(name);
    if (fn?.file) {
      const target = sources.get(fn.file);
      const found = target && [...exportedFunctions(target)].find(([n]) => n === fn.name);
      if (found) {
        calledFound++;
        for (const param of untypedParams(found[1])) {
          const entry = `${where(fn.file)}: ${fn.name}(${param})`;
          if (!services.includes(entry)) services.push(entry);
        }
      }
    }
  }
  return { all: all.sort(), services: services.sort(), servicesFound: calledFound };
}

/** The runtime files the handlers reach, each with its counts. */
export function countAnyOnHandlerPath(root = ROOT) {
  const runtime = join(root, 'runtime') + sep;
  const handlerFiles = tsFilesUnder(join(root, 'output', 'handlers'));
  const queue = handlerFiles.flatMap((f) => importedFiles(parse(f))).filter((f) => f.startsWith(runtime));
  const sources = new Map();
  while (queue.length > 0) {
    const file = queue.pop();
    if (sources.has(file)) continue;
    const source = parse(file);
    sources.set(file, source);
    for (const next of importedFiles(source)) if (next.startsWith(runtime) && !sources.has(next)) queue.push(next);
  }
  // Type names are matched by name: the runtime declares each of these once.
  const defaulted = new Set([...sources.values()].flatMap((s) => [...anyDefaulted(s)]));
  const perFile = {};
  const total = { any: 0, recordStringAny: 0, anyByDefault: 0 };
  for (const [file, source] of [...sources].sort((a, b) => a[0].localeCompare(b[0]))) {
    const counts = countIn(source, defaulted);
    for (const key of Object.keys(total)) total[key] += counts[key];
    if (counts.any + counts.anyByDefault > 0) perFile[relative(root, file).split(sep).join('/')] = counts;
  }
  const untyped = countUntyped(root, sources, handlerCalls(handlerFiles, runtime));
  return {
    files: sources.size,
    ...total,
    anyDefaulted: [...defaulted].sort(),
    perFile,
    untypedParams: untyped.all.length,
    untypedServiceParams: untyped.services.length,
    untyped,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = countAnyOnHandlerPath();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`${result.files} runtime files reached from output/handlers: ${result.any} \`any\` type nodes (${result.recordStringAny} of them in Record<string, any>); ${result.anyByDefault} references to ${result.anyDefaulted.join(', ') || 'no type'} whose type arguments default to any`);
    console.log(`${result.untypedParams} parameters of exported functions typed Record<string, unknown> or a bare HandlerContext (${result.untypedServiceParams} of them in the services the handlers call)`);
    if (process.argv.includes('--files')) {
      console.log(' any Rec dflt  file');
      const rows = Object.entries(result.perFile).sort((a, b) => b[1].any + b[1].anyByDefault - a[1].any - a[1].anyByDefault || a[0].localeCompare(b[0]));
      for (const [file, c] of rows) console.log(`${String(c.any).padStart(4)} ${String(c.recordStringAny).padStart(3)} ${String(c.anyByDefault).padStart(4)}  ${file}`);
      console.log('untyped params of the services the handlers call:');
      for (const entry of result.untyped.services) console.log(`  ${entry}`);
    }
  }
}
