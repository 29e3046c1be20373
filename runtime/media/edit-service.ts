/**
 * The two image operations on an existing media item:
 * - post-process (`create-image-subsizes`): makes the registered sub-sizes still missing;
 * - edit: applies modifiers (or the deprecated rotation / x,y,width,height / flip params) to
 *   the original and stores the result as a NEW media item named `<name>-edited.<ext>` with
 *   its own sub-sizes, remembering its parent image, as WordPress does.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { ALT_TEXT, ATTACHED_FILE, METADATA, getMeta, setMeta, type AttachmentMetadata, type AttachmentRow } from './attachments.ts';
import { applyModifiers, type Modifier } from './edit-image.ts';
import { rawText } from '../content/save-filters.ts';
import { editedName } from './filenames.ts';
import { readImageInfo } from './image-meta.ts';
import { ingestFile, maxImagePixels, maxImagePixelsPerByte, subSizesOf } from './ingest.ts';
import { createdResponse, insertStoredFile, requireAttachment } from './item-records.ts';
import type { MediaWriteParams } from './fields.ts';
import { RESIZABLE_IMAGES } from './mime-types.ts';
import { prepareAttachment } from './prepare.ts';
import { absolutePath, relativeFromUrl } from './storage.ts';
import { asResult } from '../rest/answer.ts';

const EDITABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

async function imageOf(ctx: HandlerContext, row: AttachmentRow) {
  const attached = await getMeta<string>(ctx.app.db, row.id, ATTACHED_FILE);
  const metadata = await getMeta<AttachmentMetadata>(ctx.app.db, row.id, METADATA);
  return { attached, metadata };
}

/** The uploaded file itself: the `original_image` beside a scaled copy, else the attached file. */
function originalOf(attached: string, metadata: AttachmentMetadata): string {
  return typeof metadata.original_image === 'string' ? path.posix.join(path.posix.dirname(attached), metadata.original_image) : attached;
}

/** What post-processing reads: which step to run. */
export type MediaPostProcessParams = { action: string };

export async function postProcessMedia<R>(ctx: HandlerContext<MediaPostProcessParams>): Promise<HandlerResult<R>> {
  const row = await requireAttachment(ctx);
  if (ctx.params.action === 'create-image-subsizes' && RESIZABLE_IMAGES.has(row.mime_type)) {
    const { attached, metadata } = await imageOf(ctx, row);
    if (attached && metadata) {
      const source = originalOf(attached, metadata);
      const data = await fs.readFile(absolutePath(ctx.app.config, source));
      const info = await readImageInfo(data, maxImagePixels(ctx.app), maxImagePixelsPerByte(ctx.app));
      const have = new Set(Object.keys(metadata.sizes ?? {}));
      const made = await subSizesOf(ctx.app, source, data, row.mime_type, info, true, have);
      metadata.sizes = { ...metadata.sizes, ...made };
      await setMeta(ctx.app.db, row.id, METADATA, metadata);
    }
  }
  return asResult<R>(await prepareAttachment(ctx, row, 'edit'));
}

/** Does `src` name this item's file or one of its sizes (WordPress's wp_image_file_matches_image_meta)? */
function srcMatches(ctx: HandlerContext, src: string, attached: string, metadata: AttachmentMetadata): boolean {
  const relative = relativeFromUrl(ctx.app.config, src) ?? '';
  const base = path.posix.basename((relative || src).split(/[?#]/)[0]);
  const names = new Set([path.posix.basename(attached), ...Object.values(metadata.sizes ?? {}).map((s) => s.file)]);
  if (typeof metadata.original_image === 'string') names.add(metadata.original_image);
  return names.has(base);
}

/** The modifiers asked for: `modifiers` wins; else the deprecated flip, rotation and crop params. */
function modifiersOf(params: Record<string, unknown>): Modifier[] {
  if (Array.isArray(params.modifiers)) return params.modifiers as Modifier[];
  const out: Modifier[] = [];
  const flip = params.flip as { horizontal?: boolean; vertical?: boolean } | undefined;
  if (flip && (flip.horizontal !== undefined || flip.vertical !== undefined)) {
    out.push({ type: 'flip', args: { flip: { horizontal: !!flip.horizontal, vertical: !!flip.vertical } } });
  }
  if (params.rotation) out.push({ type: 'rotate', args: { angle: Number(params.rotation) } });
  const { x, y, width, height } = params;
  if (typeof x === 'number' && typeof y === 'number' && typeof width === 'number' && typeof height === 'number') {
    out.push({ type: 'crop', args: { left: x, top: y, width, height } });
  }
  return out;
}

/**
 * What an edit reads: the file named (`src`), the edits (modifiers, or the deprecated rotation,
 * crop rectangle and flip), and the copy's own fields, written as an upload's are.
 */
export type MediaEditParams = MediaWriteParams & {
  src: string;
  modifiers?: unknown[];
  rotation?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  flip?: { horizontal?: boolean; vertical?: boolean };
};

export async function editMedia<R>(ctx: HandlerContext<MediaEditParams>): Promise<HandlerResult<R>> {
  const row = await requireAttachment(ctx);
  const { attached, metadata } = await imageOf(ctx, row);
  if (!attached || !metadata?.width || typeof ctx.params.src !== 'string' || !srcMatches(ctx, ctx.params.src, attached, metadata)) {
    throw restError('rest_unknown_attachment');
  }
  if (!EDITABLE.has(row.mime_type)) throw restError('rest_cannot_edit_file_type');
  const modifiers = modifiersOf(ctx.params);
  if (modifiers.length === 0) throw restError('rest_image_not_edited');

  // Edits start from the upload itself, not from its scaled copy.
  const source = originalOf(attached, metadata);
  let original: Buffer;
  try {
    original = await fs.readFile(absolutePath(ctx.app.config, source));
  } catch {
    throw restError('rest_unknown_image_file_type');
  }
  const edited = await applyModifiers(original, modifiers, row.mime_type, maxImagePixels(ctx.app));
  const stored = await ingestFile(ctx.app, {
    filename: editedName(path.posix.basename(source)),
    data: edited.data,
    when: ctx.app.now(),
    generateSubSizes: true,
    convertFormat: true,
  });
  // The copy keeps the original's EXIF facts where its own are empty; it is upright now.
  const meta = stored.metadata;
  if (meta.image_meta && metadata.image_meta) {
    for (const [key, value] of Object.entries(metadata.image_meta)) {
      const own = (meta.image_meta as unknown as Record<string, unknown>)[key];
      const empty = own === '' || own === '0' || (Array.isArray(own) && own.length === 0);
      if (empty && value !== '' && value !== '0') (meta.image_meta as unknown as Record<string, unknown>)[key] = value;
    }
    if (meta.image_meta.orientation !== '0') meta.image_meta.orientation = '1';
  }
  // WordPress stores the id as the URL gave it, a string.
  meta.parent_image = { attachment_id: String(row.id), file: source };

  const originalAlt = await getMeta<string>(ctx.app.db, row.id, ALT_TEXT);
  const p = ctx.params;
  const created = await insertStoredFile(
    { ...ctx, params: { ...p, alt_text: typeof p.alt_text === 'string' ? p.alt_text : originalAlt, id: undefined } },
    stored,
    {
      title: rawText(p.title) ?? row.title,
      caption: rawText(p.caption) ?? row.excerpt,
      description: rawText(p.description) ?? row.content,
      parent: 0,
    },
  );
  // Answered in the view context: WordPress's edit_media prepares the copy without setting one.
  return createdResponse(ctx, created.id, await prepareAttachment(ctx, created, 'view'));
}
