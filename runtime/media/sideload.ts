/**
 * The `url` param of a media create: the image is fetched by the server through the guarded
 * fetch (private addresses refused unless allowed, size and time limited), then stored like an
 * upload. As WordPress, only URLs whose file name is an image type are fetched at all.
 */
import path from 'node:path';
import type { App } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { guardedFetch, OutboundError } from '../net/guarded-fetch.ts';
import { extensionOf, mimeOfExtension } from './mime-types.ts';
import { checkSize, type IncomingFile } from './upload-input.ts';

const SIDELOAD_TIMEOUT_MS = 30_000;

export async function fetchRemoteFile(app: App, url: string): Promise<IncomingFile> {
  let filename = '';
  try {
    filename = decodeURIComponent(path.posix.basename(new URL(url).pathname));
  } catch {
    filename = '';
  }
  if (!filename) throw restError('rest_invalid_url', ['Could not determine a filename from the provided URL.']);
  if (!mimeOfExtension(extensionOf(filename)).startsWith('image/')) {
    throw restError('rest_invalid_url', ['The provided URL does not point to a supported image file.']);
  }
  const max = app.config.maxUploadBytes;
  try {
    const fetched = await guardedFetch(url, {
      allow: app.config.outboundAllow,
      // One byte over the limit is enough to know the file is too big.
      maxBytes: max > 0 ? max + 1 : Number.MAX_SAFE_INTEGER,
      timeoutMs: SIDELOAD_TIMEOUT_MS,
      acceptContentType: (type) => type === '' || type.startsWith('image/') || type === 'application/octet-stream',
    });
    checkSize(fetched.body.length, max);
    return { filename, data: fetched.body };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (err.reason === 'too_large') throw restError('rest_upload_file_too_big', [String(Math.floor(max / 1024))]);
    if (err.reason === 'blocked_address' || err.reason === 'invalid_url') {
      throw restError('rest_invalid_url', ['Invalid URL. Provide a valid, publicly reachable HTTP or HTTPS image URL.']);
    }
    throw restError('rest_upload_remote_error', [err.message]);
  }
}
