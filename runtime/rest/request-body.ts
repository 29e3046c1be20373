/**
 * Reads a request body as WordPress does: JSON only for `application/json` (invalid JSON is
 * reported later, at the params step, as rest_invalid_json), url-encoded forms with PHP's
 * bracket syntax, multipart fields and files (busboy). Anything else stays raw for the handler.
 */
import Busboy from 'busboy';
import type { RestRequest, UploadedFile } from './types.ts';
import { parseQueryString } from './query-string.ts';
import { decodeJson, type JsonDecodeError } from './json-body.ts';

export interface ParsedBody {
  json?: Record<string, unknown>;
  /** Set when the body claimed to be JSON and was not (or was JSON PHP refuses). */
  jsonError?: JsonDecodeError;
  form?: Record<string, unknown>;
  files?: Record<string, UploadedFile>;
}

export function mediaTypeOf(request: RestRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export async function parseBody(request: RestRequest): Promise<ParsedBody> {
  if (request.body) return { json: request.body, files: request.files };
  const raw = request.rawBody;
  if (!raw || raw.length === 0) return { files: request.files };
  const type = mediaTypeOf(request);
  if (type === 'application/json') return parseJson(raw);
  if (type === 'application/x-www-form-urlencoded') return { form: parseQueryString(raw.toString('utf8')) };
  if (type === 'multipart/form-data') return parseMultipart(raw, request.headers['content-type']!);
  return {};
}

function parseJson(raw: Buffer): ParsedBody {
  const decoded = decodeJson(raw.toString('utf8'));
  if ('error' in decoded) return { jsonError: decoded.error };
  const value = decoded.value;
  if (value && typeof value === 'object') return { json: Array.isArray(value) ? { ...value } : (value as Record<string, unknown>) };
  return {};
}

/** Fields become params (names like `a[b]` read as PHP reads them); files are kept by field name. */
function parseMultipart(raw: Buffer, contentType: string): Promise<ParsedBody> {
  return new Promise((resolve) => {
    const pairs: string[] = [];
    const files: Record<string, UploadedFile> = {};
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    } catch {
      resolve({});
      return;
    }
    busboy.on('field', (name, value) => pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`));
    busboy.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      // A body cut short inside a file fails that file's stream too; unheard, that error is an
      // uncaught exception that ends the process. busboy's own 'error' below answers the request.
      stream.on('error', () => undefined);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        files[name] = { filename: info.filename ?? '', contentType: info.mimeType, data: Buffer.concat(chunks) };
      });
    });
    const finish = () => resolve({ form: parseQueryString(pairs.join('&')), files });
    busboy.on('close', finish);
    // A malformed multipart body keeps what was read; the params step then reports what is missing.
    busboy.on('error', finish);
    busboy.end(raw);
  });
}
