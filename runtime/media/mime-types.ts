/**
 * The file types a site accepts, by extension, as WordPress's default allowed list does for a
 * user without `unfiltered_html` (no HTML, JavaScript or executables). A name whose extension is
 * not here is refused; a file whose bytes say something else than its extension is refused too
 * (see detect-type.ts): both are `rest_upload_sideload_error`, as in WordPress.
 */

/** extension -> mime type. */
export const ALLOWED_TYPES: Record<string, string> = {
  // Images
  jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg',
  gif: 'image/gif', png: 'image/png', bmp: 'image/bmp',
  tif: 'image/tiff', tiff: 'image/tiff', webp: 'image/webp', avif: 'image/avif',
  ico: 'image/x-icon', heic: 'image/heic', heif: 'image/heif',
  // Video
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', qt: 'video/quicktime',
  webm: 'video/webm', ogv: 'video/ogg', avi: 'video/avi', wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv', mpeg: 'video/mpeg', mpg: 'video/mpeg', mpe: 'video/mpeg',
  mkv: 'video/x-matroska', '3gp': 'video/3gpp', '3g2': 'video/3gpp2',
  // Audio
  mp3: 'audio/mpeg', m4a: 'audio/mpeg', m4b: 'audio/mpeg', aac: 'audio/aac',
  wav: 'audio/wav', ogg: 'audio/ogg', oga: 'audio/ogg', flac: 'audio/flac',
  mid: 'audio/midi', midi: 'audio/midi', wma: 'audio/x-ms-wma', mka: 'audio/x-matroska',
  // Text (no byte signature: accepted when the bytes are not a known binary format)
  txt: 'text/plain', asc: 'text/plain', srt: 'text/plain', csv: 'text/csv',
  tsv: 'text/tab-separated-values', ics: 'text/calendar', rtx: 'text/richtext',
  vtt: 'text/vtt', css: 'text/css',
  // Documents and archives
  pdf: 'application/pdf', rtf: 'application/rtf', zip: 'application/zip',
  gz: 'application/x-gzip', gzip: 'application/x-gzip', tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed', rar: 'application/rar', psd: 'application/octet-stream',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  key: 'application/vnd.apple.keynote', numbers: 'application/vnd.apple.numbers', pages: 'application/vnd.apple.pages',
};

/**
 * The allowed mime type of an extension, '' when it has none. An own-key lookup: `constructor` or
 * `__proto__`, which every object answers, are extensions like any other unknown one.
 */
export function mimeOfExtension(ext: string): string {
  return Object.hasOwn(ALLOWED_TYPES, ext) ? ALLOWED_TYPES[ext]! : '';
}

/** Images sharp can measure, resize and edit. */
export const RESIZABLE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff']);

/** The mime types of each media type (the first part of the mime), for the `media_type` filter. */
export function mimeTypesOfMediaType(mediaType: string): string[] {
  return [...new Set(Object.values(ALLOWED_TYPES).filter((m) => m.split('/')[0] === mediaType))];
}

export function isAllowedMime(mime: string): boolean {
  return Object.values(ALLOWED_TYPES).includes(mime);
}

/** Lower-cased extension of a file name, '' when it has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}
