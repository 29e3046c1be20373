/**
 * The file of a `POST /core/v2/media` request, in either form WordPress accepts:
 * - a multipart body whose `file` field the runtime has already parsed into `request.files`;
 * - a raw body with `Content-Type` and `Content-Disposition: attachment; filename=...`.
 * An optional `Content-MD5` (hex, as WordPress compares it, or base64 as RFC 1864 writes it)
 * must match the bytes. The size limit is `config.maxUploadBytes`.
 */
import crypto from 'node:crypto';
import type { HandlerContext } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { filenameFromDisposition } from './filenames.ts';

export interface IncomingFile {
  /** The name the client gave, not yet made safe. */
  filename: string;
  data: Buffer;
  /** Came as a multipart `file` field (its client name then titles the item, as WordPress). */
  fromMultipart?: boolean;
}

export function readUpload(ctx: Pick<HandlerContext, 'request' | 'app'>): IncomingFile {
  const { request } = ctx;
  const files = request.files ?? {};
  let file: IncomingFile;
  if (Object.keys(files).length > 0) {
    const part = files.file;
    if (!part || part.data.length === 0) throw restError('rest_upload_no_data');
    file = { filename: part.filename, data: part.data, fromMultipart: true };
  } else {
    const data = request.rawBody;
    if (!data || data.length === 0) throw restError('rest_upload_no_data');
    if (!request.headers['content-type']) throw restError('rest_upload_no_content_type');
    const disposition = request.headers['content-disposition'];
    if (!disposition) throw restError('rest_upload_no_content_disposition');
    const filename = filenameFromDisposition(disposition);
    if (!filename) throw restError('rest_upload_invalid_disposition');
    file = { filename, data };
  }
  checkHash(request.headers['content-md5'], file.data);
  checkSize(file.data.length, ctx.app.config.maxUploadBytes);
  return file;
}

function checkHash(header: string | undefined, data: Buffer): void {
  const expected = header?.trim();
  if (!expected) return;
  const digest = crypto.createHash('md5').update(data).digest();
  if (expected.toLowerCase() !== digest.toString('hex') && expected !== digest.toString('base64')) {
    throw restError('rest_upload_hash_mismatch');
  }
}

export function checkSize(bytes: number, max: number): void {
  if (max > 0 && bytes > max) throw restError('rest_upload_file_too_big', [String(Math.floor(max / 1024))]);
}
