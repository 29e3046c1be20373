/**
 * What a deployment's OpenAPI document (`output/deployments/<name>/openapi.json`) says an
 * endpoint may answer, and whether one answer is that: its status is listed for the operation
 * (an error status may fall under `default`), its media type is listed for that status, and a
 * JSON body is valid against the schema listed there (JSON Schema 2020-12, as OpenAPI 3.1 reads
 * it). Used by `serve --check-answers` (rest/check-answers.ts) and by the generated success-path
 * suites (testing/success-paths.ts).
 *
 * Formats are not checked: WordPress's `date-time` values carry no zone (`2024-01-02T03:04:05`),
 * which JSON Schema's date-time format refuses, and the interface publishes them as WordPress does.
 * Each schema is compiled once, at its first use, and kept per (operation, status, media type).
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface OperationObject {
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { responses?: Record<string, ResponseObject> };
}

/** The document's own name inside ajv, which every reference into it starts with. */
const DOC_ID = 'openapi.json';

/** `/core/v2/posts/<id>` and `/core/v2/posts/{id}` alike, capture names dropped (the document merges routes that differ only by them). */
function templateOf(path: string): string {
  return path.replace(/<[^>]+>|\{[^}]+\}/g, '{}').toLowerCase();
}

const pointerPart = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class AnswerSchemas {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  private readonly byTemplate = new Map<string, string>();
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv.addSchema(doc as object, DOC_ID);
    for (const path of Object.keys(doc.paths)) this.byTemplate.set(templateOf(path), path);
  }

  /** The document's path of a route pattern (spec `<id>` or OpenAPI `{id}`), if it lists one. */
  documentPath(routePath: string): string | undefined {
    return this.byTemplate.get(templateOf(routePath));
  }

  /** Whether the document has an operation for this route pattern and method. */
  has(routePath: string, method: string): boolean {
    return this.operation(routePath, method) !== undefined;
  }

  /** The success statuses (2xx) the document lists for an operation. */
  successStatuses(routePath: string, method: string): string[] {
    return Object.keys(this.operation(routePath, method)?.responses ?? {}).filter((s) => s.startsWith('2'));
  }

  private operation(routePath: string, method: string): OperationObject | undefined {
    const path = this.documentPath(routePath);
    const m = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
    return path === undefined ? undefined : this.doc.paths[path]?.[m];
  }

  /**
   * What is wrong with an answer of the operation (empty when nothing is, and when the document
   * does not describe the operation). `media` is the answer's content type without parameters;
   * `body` the parsed JSON (ignored for other media types).
   */
  problems(routePath: string, method: string, status: number, media: string, body: unknown): string[] {
    const path = this.documentPath(routePath);
    const m = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
    const op = path === undefined ? undefined : this.doc.paths[path]?.[m];
    if (path === undefined || op?.responses === undefined) return [];
    const key = String(status);
    const listed = op.responses[key] !== undefined ? key : status >= 400 && op.responses.default !== undefined ? 'default' : undefined;
    if (listed === undefined) return [`status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const response = this.resolve(op.responses[listed]!);
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) return [];
    if (content[media] === undefined) return [`media type ${media || '(none)'} is not documented for ${listed} (documented: ${Object.keys(content).join(', ')})`];
    if (!media.includes('json')) return [];
    const validate = this.validator(path, m, listed, media, op.responses[listed]!);
    if (validate === null || validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `body${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  }

  private resolve(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    const name = response.$ref.split('/').pop()!;
    return this.doc.components?.responses?.[name] ?? {};
  }

  private validator(path: string, method: string, status: string, media: string, response: ResponseObject): ValidateFunction | null {
    const id = `${path} ${method} ${status} ${media}`;
    let found = this.compiled.get(id);
    if (found !== undefined) return found;
    const pointer = response.$ref
      ? `${response.$ref}/content/${pointerPart(media)}/schema`
      : `#/paths/${pointerPart(path)}/${method}/responses/${status}/content/${pointerPart(media)}/schema`;
    const resolved = this.resolve(response).content?.[media]?.schema;
    found = resolved === undefined ? null : this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    this.compiled.set(id, found);
    return found;
  }
}
