import { describe, expect, it } from 'vitest';
import { editedName, filenameFromDisposition, MAX_FILENAME_BYTES, numberedName, sanitizeFileName, shortenFileName } from '../../runtime/media/filenames.ts';
import { oembedLinksIn } from '../../runtime/oembed/discover.ts';
import { findProvider } from '../../runtime/oembed/providers.ts';

describe('upload file names', () => {
  it('keep only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFileName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
  });

  it('drop URL and shell specials and turn spaces into hyphens', () => {
    expect(sanitizeFileName('my "best" photo (1) #2?.jpg')).toBe('my-best-photo-1-2.jpg');
    expect(sanitizeFileName('  .hidden.png')).toBe('hidden.png');
  });

  it('defuse a hidden script extension in the middle of the name', () => {
    expect(sanitizeFileName('shell.php.jpg')).toBe('shell.php_.jpg');
    expect(sanitizeFileName('archive.tar.gz')).toBe('archive.tar.gz');
  });

  it('name a file that has nothing left', () => {
    expect(sanitizeFileName('???.png')).toBe('png');
    expect(sanitizeFileName('')).toBe('unnamed-file');
  });

  it('number and mark edited copies as WordPress does', () => {
    expect(numberedName('a.jpg', 2)).toBe('a-2.jpg');
    expect(editedName('a.jpg')).toBe('a-edited.jpg');
    expect(editedName('a-edited-3.jpg')).toBe('a-edited.jpg');
  });

  it('read Content-Disposition in its plain, quoted and RFC 5987 forms', () => {
    expect(filenameFromDisposition('attachment; filename=a.png')).toBe('a.png');
    expect(filenameFromDisposition('attachment; filename="a b.png"')).toBe('a b.png');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%C3%A9t%C3%A9.png")).toBe('été.png');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(undefined)).toBeNull();
  });
});

describe('oEmbed discovery and registry matching', () => {
  it('finds oEmbed links, JSON before XML, relative hrefs resolved', () => {
    const html = '<head><link rel="alternate" type="text/xml+oembed" href="/o.xml"><LINK REL="alternate" TYPE="application/json+oembed" HREF="/o.json?a=1&amp;b=2"></head>';
    expect(oembedLinksIn(html, 'https://site.example/post/')).toEqual([
      { href: 'https://site.example/o.json?a=1&b=2', format: 'json' },
      { href: 'https://site.example/o.xml', format: 'xml' },
    ]);
  });

  it('matches schemes with * and accepts http for an https scheme', () => {
    const providers = [{ id: 'yt', name: 'YouTube', endpoint: 'https://yt.example/oembed', schemes: ['https://*.youtube.com/watch*', 'https://youtu.be/*'] }];
    expect(findProvider(providers, 'https://www.youtube.com/watch?v=1')?.id).toBe('yt');
    expect(findProvider(providers, 'http://youtu.be/abc')?.id).toBe('yt');
    expect(findProvider(providers, 'https://youtube.com.evil.example/watch')).toBeUndefined();
    expect(findProvider(providers, 'https://evil.example/a.youtube.com/watch')).toBeUndefined();
  });
});

describe('shortenFileName', () => {
  it('cuts a long stem between whole characters, keeps the extension, fits the byte bound', () => {
    const long = `${'ж'.repeat(300)}.png`;
    const short = shortenFileName(long);
    expect(Buffer.byteLength(short)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(short.endsWith('.png')).toBe(true);
    expect(short).not.toContain('\uFFFD');
    expect(sanitizeFileName(`${'a'.repeat(400)}.jpg`)).toBe(`${'a'.repeat(MAX_FILENAME_BYTES - 4)}.jpg`);
    expect(shortenFileName('photo.jpg')).toBe('photo.jpg');
  });
});
