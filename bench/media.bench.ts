/**
 * Upload-and-resize figure: JPEG photos (1600x1067) uploaded over HTTP to POST /core/v2/media,
 * each stored with its four WordPress sub-sizes, for a bounded time. Prints uploads per second
 * and milliseconds per upload (mean, p50, p95). Run: `npx tsx bench/media.bench.ts [seconds] [concurrency]`.
 */
import sharp from 'sharp';
import { startTestServer } from '../runtime/testing/harness.ts';
import { mediaRoutes } from '../test/media/routes.ts';

const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 2);

async function photo(seed: number): Promise<Buffer> {
  // Noise-like content so the encoder does real work, unlike a flat colour.
  const width = 1600;
  const height = 1067;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = (x >>> 16) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(3).jpeg({ quality: 85 }).toBuffer();
}

const server = await startTestServer({ routes: mediaRoutes, users: true });
const images = await Promise.all([1, 2, 3, 4].map(photo));
const headers = { ...server.authHeaders('administrator'), 'content-type': 'image/jpeg' };
const times: number[] = [];
const deadline = Date.now() + seconds * 1000;
let n = 0;

async function worker(): Promise<void> {
  while (Date.now() < deadline) {
    const i = n++;
    const started = performance.now();
    const res = await fetch(`${server.restUrl}/core/v2/media`, {
      method: 'POST',
      headers: { ...headers, 'content-disposition': `attachment; filename="bench-${i}.jpg"` },
      body: new Uint8Array(images[i % images.length]),
    });
    if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
}

const began = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (performance.now() - began) / 1000;
await server.close();

times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const mean = times.reduce((s, t) => s + t, 0) / times.length;
console.log(`media upload+resize: ${times.length} uploads of ${(images[0].length / 1024).toFixed(0)} KB 1600x1067 JPEG in ${elapsed.toFixed(1)} s, concurrency ${concurrency}`);
console.log(`  ${(times.length / elapsed).toFixed(2)} uploads/s; ms per upload: mean ${mean.toFixed(1)}, p50 ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}`);
