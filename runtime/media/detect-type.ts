/**
 * Decides the type of an uploaded file from its bytes (file-type), never from what the client
 * claims. The name's extension must be allowed, and the bytes must be of the kind the extension
 * says: a PHP script named photo.jpg, or a PNG named notes.txt, is refused.
 */
import { fileTypeFromBuffer } from 'file-type';
import { restError } from '../rest/errors.ts';
import { extensionOf, mimeOfExtension } from './mime-types.ts';

/** Extensions that name the same container format; file-type reports one of each group. */
const SAME_FORMAT: string[][] = [
  ['jpg', 'jpeg', 'jpe'],
  ['tif', 'tiff'],
  ['heic', 'heif'],
  // ISO base media files: file-type cannot always tell these brands apart.
  ['mp4', 'm4v', 'm4a', 'm4b', 'mov', 'qt', '3gp', '3g2', 'f4v'],
  ['mpeg', 'mpg', 'mpe', 'mp2'],
  ['ogg', 'oga', 'ogv', 'opus', 'ogx', 'spx'],
  ['mkv', 'mka', 'webm'],
  ['gz', 'gzip'],
  ['mid', 'midi'],
  ['wma', 'wmv', 'asf'],
  // Zip-based documents are zips.
  ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'key', 'numbers', 'pages', 'epub'],
  // OLE compound files (old Office formats).
  ['doc', 'xls', 'ppt', 'cfb'],
];

function family(ext: string): string {
  const group = SAME_FORMAT.find((g) => g.includes(ext));
  return group ? group[0] : ext;
}

export interface DetectedType {
  mime: string;
  ext: string;
}

/** The checked type of `data` named `filename`; throws the REST error WordPress-style clients expect. */
export async function detectFileType(data: Buffer, filename: string): Promise<DetectedType> {
  const ext = extensionOf(filename);
  const declared = mimeOfExtension(ext);
  if (!declared) throw restError('rest_upload_sideload_error');
  const sniffed = await fileTypeFromBuffer(data);
  const isText = declared.startsWith('text/');
  if (!sniffed) {
    // Text formats have no signature; every binary format we accept does.
    if (isText && !looksBinary(data)) return { mime: declared, ext };
    throw restError('rest_upload_sideload_error', [], { reason: `The content is not a .${ext} file.` });
  }
  if (isText || family(sniffed.ext) !== family(ext)) {
    throw restError('rest_upload_sideload_error', [], { reason: `The content is ${sniffed.mime}, not a .${ext} file.` });
  }
  // Images keep the type their bytes have (image sizes are made from it); others the name's.
  return { mime: declared.startsWith('image/') ? sniffed.mime : declared, ext };
}

/** A NUL byte in the first few kilobytes means the file is not text. */
function looksBinary(data: Buffer): boolean {
  return data.subarray(0, 8192).includes(0);
}
