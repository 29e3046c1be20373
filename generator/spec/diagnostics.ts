/**
 * Every spec diagnostic the loader can report, in one registry: a stable code, a severity and a
 * message template. A message says what is wrong, then (after `;`) what would be right.
 * Code elsewhere creates diagnostics only through `diagnostic()`, never with free text.
 */
import type { SourceRef } from '../../contract/model.ts';

export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  file: string;
  line: number;
  col: number;
  message: string;
}

interface DiagnosticKind {
  code: string;
  severity: 'error' | 'warning';
  /** `{name}` placeholders are filled from the params given to `diagnostic()`. */
  template: string;
}

export const DIAGNOSTICS = {
  yamlSyntax: { code: 'SP001', severity: 'error', template: 'YAML syntax error: {problem}; fix the YAML at this position' },
  unreadableFile: { code: 'SP002', severity: 'error', template: 'cannot read the file ({problem}); make it a readable YAML file' },
  emptyFile: { code: 'SP003', severity: 'error', template: 'the file holds no YAML document; write a {kind} document or remove the file' },
  binaryFile: { code: 'SP004', severity: 'error', template: 'the file is not text ({problem}); a spec file is UTF-8 YAML: remove it or move it out of the spec folder' },
  fileTooLarge: { code: 'SP005', severity: 'error', template: 'the file is {size} bytes, above the limit of {limit} bytes for one spec file; split it into several files' },
  aliasLoop: { code: 'SP073', severity: 'error', template: 'this alias stands inside its own anchor, so the value would hold itself without end; write the inner value out' },
  aliasLimit: { code: 'SP006', severity: 'error', template: 'the YAML expands its aliases (`*name`) more than {limit} times; write the values out or use fewer aliases' },
  unknownFolder: { code: 'SP007', severity: 'error', template: 'folder `{name}` is not a spec folder, so nothing in it is read; the spec folders are {allowed}{suggestion}' },
  notYamlFile: { code: 'SP008', severity: 'warning', template: '`{name}` is not read (only `.yaml` and `.yml` files are); rename it to `.yaml` or move it out of the spec folder' },
  yamlIndentation: { code: 'SP009', severity: 'error', template: '{problem}; {fix}' },
  schemaUnknownKey: { code: 'SP010', severity: 'error', template: 'unknown key `{key}`{where}; allowed keys: {allowed}{suggestion}' },
  schemaMissingKey: { code: 'SP011', severity: 'error', template: 'missing key `{key}`{where}; add `{key}:`' },
  schemaWrongType: { code: 'SP012', severity: 'error', template: '{what} is {actual}; expected {expected}' },
  schemaNotAllowed: { code: 'SP013', severity: 'error', template: '{what} is {actual}; expected one of {allowed}{suggestion}' },
  schemaPattern: { code: 'SP014', severity: 'error', template: '{what} `{actual}` does not match the required form; expected {expected}' },
  schemaOther: { code: 'SP015', severity: 'error', template: '{what} {problem}; see spec/FORMAT.md for the allowed form' },
  yamlDuplicateKey: { code: 'SP016', severity: 'error', template: 'key `{key}` appears twice in {where} (first at line {firstLine}); a map holds each key once: remove one of them, or merge what they hold' },
  captureUndeclared: { code: 'SP020', severity: 'error', template: 'capture `<{name}>` in path `{path}` has no pattern; add `captures: {{name}: <regex>}` to the route' },
  captureUnused: { code: 'SP021', severity: 'error', template: 'capture `{name}` is declared but the path `{path}` has no `<{name}>`; use it in the path or remove it' },
  duplicateOperationId: { code: 'SP022', severity: 'error', template: 'operation id `{id}` is also used by {other}; give one of them an explicit unique `operationId`' },
  unknownShape: { code: 'SP023', severity: 'error', template: 'shape `{name}` does not exist; name a file of spec/shapes{suggestion}' },
  unknownResource: { code: 'SP024', severity: 'error', template: 'resource `{name}` does not exist; name a file of spec/resources{suggestion}' },
  unknownNamespace: { code: 'SP025', severity: 'error', template: 'namespace `{name}` does not exist; name a namespace of spec/namespaces{suggestion}' },
  unknownRoute: { code: 'SP026', severity: 'error', template: 'route `{path}` does not exist; name a full route path such as `/core/v2/posts`{suggestion}' },
  unknownMethod: { code: 'SP027', severity: 'error', template: 'route `{path}` has no {method} endpoint; use one of {allowed}' },
  unknownArg: { code: 'SP028', severity: 'error', template: '{method} `{path}` has no arg `{name}`; use one of {allowed}{suggestion}' },
  argExists: { code: 'SP029', severity: 'error', template: '{method} `{path}` already has an arg `{name}`; use `set:` to change it' },
  defaultDeployment: { code: 'SP030', severity: 'error', template: '{problem}; mark exactly one deployment with `default: true`' },
  defaultWrongType: { code: 'SP031', severity: 'error', template: 'default {value} is not of type {type}; give a default of that type' },
  defaultNotInEnum: { code: 'SP032', severity: 'error', template: 'default {value} is not one of the enum values {allowed}; use one of them or extend the enum' },
  minAboveMax: { code: 'SP033', severity: 'error', template: '`{low}` ({lowValue}) is greater than `{high}` ({highValue}); make `{low}` at most `{high}`' },
  badRegex: { code: 'SP034', severity: 'error', template: 'pattern `{pattern}` is not a valid regular expression ({problem}); write a regex without anchors or delimiters' },
  behaviorAndHandler: { code: 'SP035', severity: 'error', template: 'the endpoint has {problem}; give exactly one of `behavior:` and `handler: custom`' },
  unknownData: { code: 'SP036', severity: 'error', template: 'catalog data `{name}` does not exist; name a file of spec/data{suggestion}' },
  duplicateMethod: { code: 'SP037', severity: 'error', template: '{method} is served by two endpoints of route `{path}` (also at line {otherLine}); keep it on one endpoint' },
  duplicateName: { code: 'SP038', severity: 'error', template: '{kind} `{name}` is also declared in {other}; give each {kind} one file' },
  fileNameMismatch: { code: 'SP039', severity: 'warning', template: 'the file name does not match {kind} `{name}`; name the file `{expected}`' },
  shapeCycle: { code: 'SP040', severity: 'error', template: 'shape `{name}` uses itself through {chain}; break the cycle' },
  implicitIndexRoute: { code: 'SP041', severity: 'error', template: 'route `{path}` is the implicit index route of `{namespace}`; remove it (every namespace gets it)' },
  overrideAction: { code: 'SP042', severity: 'error', template: 'the override has {problem}; give exactly one of `set:`, `add:` and `remove: true`' },
  noDeployments: { code: 'SP043', severity: 'error', template: 'no deployment is declared; add a file to spec/deployments with `default: true`' },
  notOptional: { code: 'SP044', severity: 'warning', template: '{kind} `{name}` is not optional, so including it changes nothing; mark it `optional: true` or drop the include' },
  overrideNotServed: { code: 'SP046', severity: 'error', template: 'deployment `{deployment}` does not serve {method} `{path}`, so the override changes nothing; include the route or drop the override' },
  renamedIdInUse: { code: 'SP047', severity: 'error', template: 'former operation id `{id}` is the current id of {other}; a renamed id must not name another operation' },
  unknownIdParam: { code: 'SP048', severity: 'error', template: '`idParam` `{name}` of {method} `{path}` is neither a capture nor an arg; use one of {allowed}{suggestion}' },
  unknownDeployment: { code: 'SP049', severity: 'error', template: 'deployment `{name}` does not exist; name a deployment of spec/deployments{suggestion}' },
  extendsCycle: { code: 'SP050', severity: 'error', template: 'deployment `{name}` extends itself through {chain}; break the cycle' },
  onlyWithList: { code: 'SP051', severity: 'error', template: 'deployment `{name}` gives both `namespaces.only` and `namespaces.{other}`; `only` names every namespace served, so list them there and drop `{other}`' },
  unknownRule: { code: 'SP060', severity: 'error', template: 'permission rule `{name}` is not one the runtime implements{suggestion}; use one of the rules in contract/permission-rules.ts, or `capability: {name}` for a primitive capability' },
  unknownPostType: { code: 'SP061', severity: 'error', template: 'post type `{name}` is not in the post type registry{suggestion}; add it to contract/post-types.ts or name one of {allowed}' },
  postTypeRouteTwice: { code: 'SP062', severity: 'error', template: 'route `{path}` is made by `postTypeRoutes` and also written (or made twice); write it once' },
  duplicateRoute: { code: 'SP063', severity: 'error', template: 'route `{path}` is also declared in {other}; a namespace may span files, but each route is declared in one of them: merge the two' },
  nameClash: { code: 'SP064', severity: 'error', template: '{what} `{name}` {clash}, so the generated code would not compile or would call the wrong thing; {fix}' },
  overlappingRoutes: { code: 'SP065', severity: 'warning', template: 'route `{path}` never answers {methods}: every URL it matches (such as `{example}`) is matched first by `{other}` ({otherAt}), which serves {methods} too; declare it before `{other}` if it is a special case of it, else narrow a capture pattern or change one of the paths' },
  unknownCapability: { code: 'SP066', severity: 'error', template: 'capability `{name}` is granted by no role, so every caller would be refused{suggestion}; {hint}' },
  filterNotArg: { code: 'SP067', severity: 'error', template: 'filter `{name}` of {method} `{path}` is not a param of the endpoint, so no request can send it; declare it under `args` or filter on one of {allowed}{suggestion}' },
  filterOnList: { code: 'SP068', severity: 'error', template: 'filter `{name}` compares with `{field}`, which holds a list ({why}); say how a list matches: `{name}: { field: {field}, match: any }` keeps items holding one of the values asked for, `match: all` those holding every one' },
  regionTypeError: { code: 'SP070', severity: 'error', template: '{tsCode}: {message}{where}; the preserved region does not compile against the types generated from the spec: change the code to fit them, or the spec back' },
  reachedTypeError: { code: 'SP071', severity: 'error', template: '{tsCode}: {message}; code the handlers call does not compile: fix it' },
  typecheckSkipped: { code: 'SP072', severity: 'warning', template: 'the compile check of the preserved regions did not run ({problem}); install the dev dependencies (`npm install`), or pass `--no-typecheck` to skip it knowingly' },
  internalError: { code: 'SP099', severity: 'error', template: 'the spec loader failed ({problem}); please report this with the spec that caused it' },
} as const satisfies Record<string, DiagnosticKind>;

export type DiagnosticName = keyof typeof DIAGNOSTICS;

/** Builds a diagnostic of a registered kind at a source position. */
export function diagnostic(
  name: DiagnosticName,
  at: SourceRef,
  params: Record<string, string | number> = {},
): Diagnostic {
  const kind: DiagnosticKind = DIAGNOSTICS[name];
  const message = kind.template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
  return { code: kind.code, severity: kind.severity, file: at.file, line: at.line, col: at.col, message };
}

/** `spec/namespaces/x.yaml:12:7 error SP020: <what is wrong>; <what would be right>` */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col} ${d.severity} ${d.code}: ${d.message}`;
}

/**
 * Problems that keep a whole file (or folder) from being read: reported before everything else,
 * since what follows may only be their consequence.
 */
const FILE_LEVEL = new Set<string>(['yamlSyntax', 'unreadableFile', 'emptyFile', 'binaryFile', 'fileTooLarge', 'aliasLimit', 'aliasLoop', 'unknownFolder'].map((n) => DIAGNOSTICS[n as DiagnosticName].code));

/** Stable order for reports: causes first (files that could not be read), then by file, position, code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const rank = (d: Diagnostic): number => (FILE_LEVEL.has(d.code) ? 0 : 1);
  return rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code);
}
