#!/usr/bin/env node
/**
 * Counts `any` on the path from the generated handlers to the store: the explicit `any` type
 * nodes (`: any`, `as any`, `Handler<any, any>`...) and, among them, `Record<string, any>`, in
 * every runtime/ file a handler under output/handlers/ reaches through its imports (followed
 * from file to file, type-only imports included, since types are what this counts).
 *
 *   node scripts/count-any.mjs            # totals
 *   node scripts/count-any.mjs --files    # and the files that still have some, most first
 *   node scripts/count-any.mjs --json     # { files, any, recordStringAny, anyByDefault, anyDefaulted, perFile }
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

/** `Record<string, any>` */
function isRecordStringAny(node) {
  return (
    ts.isTypeReferenceNode(node) &&
    ts.isIdentifier(node.typeName) &&
    node.typeName.text === 'Record' &&
    node.typeArguments?.length === 2 &&
    node.typeArguments[0].kind === ts.SyntaxKind.StringKeyword &&
    node.typeArguments[1].kind === ts.SyntaxKind.AnyKeyword
  );
}

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

/** The runtime files the handlers reach, each with its counts. */
export function countAnyOnHandlerPath(root = ROOT) {
  const runtime = join(root, 'runtime') + sep;
  const queue = tsFilesUnder(join(root, 'output', 'handlers')).flatMap((f) => importedFiles(parse(f))).filter((f) => f.startsWith(runtime));
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
  return { files: sources.size, ...total, anyDefaulted: [...defaulted].sort(), perFile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = countAnyOnHandlerPath();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`${result.files} runtime files reached from output/handlers: ${result.any} \`any\` type nodes (${result.recordStringAny} of them in Record<string, any>); ${result.anyByDefault} references to ${result.anyDefaulted.join(', ') || 'no type'} whose type arguments default to any`);
    if (process.argv.includes('--files')) {
      console.log(' any Rec dflt  file');
      const rows = Object.entries(result.perFile).sort((a, b) => b[1].any + b[1].anyByDefault - a[1].any - a[1].anyByDefault || a[0].localeCompare(b[0]));
      for (const [file, c] of rows) console.log(`${String(c.any).padStart(4)} ${String(c.recordStringAny).padStart(3)} ${String(c.anyByDefault).padStart(4)}  ${file}`);
    }
  }
}
