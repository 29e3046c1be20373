/** Test images and request helpers shared by the media tests. */
import sharp from 'sharp';
import zlib from 'node:zlib';
import type { TestServer } from '../../runtime/testing/harness.ts';

/** A blue image whose top-left 10% corner is red, so flips and rotations can be seen on pixels. */
export async function cornerImage(width: number, height: number, format: 'jpeg' | 'png' = 'png'): Promise<Buffer> {
  const cw = Math.max(1, Math.round(width / 10));
  const ch = Math.max(1, Math.round(height / 10));
  const red = await sharp({ create: { width: cw, height: ch, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
  const img = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).composite([{ input: red, left: 0, top: 0 }]);
  return format === 'jpeg' ? img.jpeg({ quality: 95 }).toBuffer() : img.png().toBuffer();
}

export async function plainJpeg(width: number, height: number, exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  if (exif) img = img.withExif(exif);
  return img.jpeg().toBuffer();
}

/** Is the pixel at (x, y) mostly red? */
export async function isRedAt(image: Buffer, x: number, y: number): Promise<boolean> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return data[i] > 180 && data[i + 1] < 90 && data[i + 2] < 90;
}

/**
 * A real decompression bomb: a PNG of `side` x `side` one-bit pixels whose zero rows deflate to
 * a few kilobytes but would need side*side bytes once decoded.
 */
export function pngBomb(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: a filter byte and side/8 bytes of zeros; all of it compresses to almost nothing.
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

export async function uploadRaw(
  server: TestServer,
  body: Buffer,
  filename: string | null,
  opts: { contentType?: string | null; headers?: Record<string, string>; query?: string; role?: 'administrator' | 'author' | 'subscriber' | 'anonymous' } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...server.authHeaders(opts.role ?? 'administrator'), ...opts.headers };
  if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'image/png';
  if (filename !== null) headers['content-disposition'] = `attachment; filename="${filename}"`;
  return fetch(`${server.restUrl}/core/v2/media${opts.query ? `?${opts.query}` : ''}`, { method: 'POST', headers, body: new Uint8Array(body) });
}

export async function uploadMultipart(server: TestServer, body: Buffer, filename: string, fields: Record<string, string> = {}, type = 'image/png'): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)], { type }), filename);
  return fetch(`${server.restUrl}/core/v2/media`, { method: 'POST', headers: server.authHeaders('administrator'), body: form });
}

export async function json(res: Response): Promise<any> {
  return res.json();
}
