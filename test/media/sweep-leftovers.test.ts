/**
 * The start-up sweep of what a crash leaves in the uploads folder: partial files removed, files
 * no attachment names moved out of public reach, files of live attachments and young files kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { ORPHANS_FOLDER, sweepUploadLeftovers } from '../../runtime/media/sweep-leftovers.ts';
import { PARTIAL_PREFIX } from '../../runtime/media/storage.ts';
import { plainJpeg } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => server.close());

function put(relative: string, ageMs: number): string {
  const full = path.join(server.app.config.uploadsDir, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, 'x');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(full, when, when);
  return full;
}

describe('sweepUploadLeftovers', () => {
  it('removes old partials, moves old unreferenced files away, keeps attachments and young files', async () => {
    const res = await fetch(`${server.restUrl}/core/v2/media`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="kept.jpg"' },
      body: new Uint8Array(await plainJpeg(400, 300)),
    });
    expect(res.status).toBe(201);
    const item = (await res.json()) as { media_details: { file: string; sizes: Record<string, { file: string }> } };
    const kept = path.join(server.app.config.uploadsDir, item.media_details.file);
    // Make the attachment's own files old too: age alone must not sweep them.
    const folder = path.dirname(kept);
    for (const f of fs.readdirSync(folder)) fs.utimesSync(path.join(folder, f), new Date(0), new Date(0));

    const orphan = put('2020/01/orphan.jpg', 60_000);
    const partial = put(`2020/01/${PARTIAL_PREFIX}1-abc.tmp`, 60_000);
    const young = put('2020/01/young.jpg', 0);

    const result = await sweepUploadLeftovers(server.app, 10_000);
    expect(result).toEqual({ partialsRemoved: 1, orphansMoved: ['2020/01/orphan.jpg'] });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(path.join(server.app.config.uploadsDir, ORPHANS_FOLDER, '2020/01/orphan.jpg'))).toBe(true);
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(kept)).toBe(true);
    for (const size of Object.values(item.media_details.sizes)) expect(fs.existsSync(path.join(folder, size.file))).toBe(true);
    // The moved file is out of public reach.
    expect((await fetch(`${server.siteUrl}/wp-content/uploads/${ORPHANS_FOLDER}/2020/01/orphan.jpg`)).status).not.toBe(200);
  });
});

describe('an upload that outlives the sweep\'s grace', () => {
  it('is made young before its row commits, and gets back a file a sweep moved away', async () => {
    const { keepFromSweep, reclaimSwept } = await import('../../runtime/media/sweep-leftovers.ts');
    const uploads = server.app.config.uploadsDir;
    // Written long ago by a slow upload whose row is not committed yet.
    const slow = put('2021/02/slow.jpg', 60_000);
    await keepFromSweep(uploads, ['2021/02/slow.jpg']);
    expect((await sweepUploadLeftovers(server.app, 10_000)).orphansMoved).not.toContain('2021/02/slow.jpg');
    expect(fs.existsSync(slow)).toBe(true);

    // A sweep that looked before the touch moved it: the commit puts it back.
    const late = put('2021/02/late.jpg', 60_000);
    expect((await sweepUploadLeftovers(server.app, 10_000)).orphansMoved).toContain('2021/02/late.jpg');
    expect(fs.existsSync(late)).toBe(false);
    expect(await reclaimSwept(uploads, ['2021/02/late.jpg', '2021/02/never-written.jpg'])).toEqual(['2021/02/never-written.jpg']);
    expect(fs.existsSync(late)).toBe(true);
  });
});
