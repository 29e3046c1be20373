/**
 * Rendering that reads the rest of the site, compared over HTTP (compare-wordpress.ts): galleries
 * of the same two images uploaded on both sites, and embeds of a post of the same site. The
 * rendered content is set side by side after addresses, numbers and embed secrets are
 * normalised. Everything made is deleted after.
 */
import sharp from 'sharp';

interface Site {
  rest: string;
  site: string;
  admin: Record<string, string>;
}

const CONTENT = 'Before\n\n[gallery]\n\n[gallery columns="2" size="medium" link="file"]\n\n[gallery link="none" orderby="ID" order="DESC"]';

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg().toBuffer();
}

async function rendered(site: Site, images: Array<[string, Buffer, string]>): Promise<string> {
  const json = { ...site.admin, 'content-type': 'application/json' };
  const post = (await (await fetch(`${site.rest}/wp/v2/posts`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Gallery compare', content: 'x', status: 'publish' }) })).json()) as { id: number };
  const media: number[] = [];
  try {
    for (const [name, body, caption] of images) {
      const res = await fetch(`${site.rest}/wp/v2/media`, { method: 'POST', headers: { ...site.admin, 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename=${name}` }, body: new Uint8Array(body) });
      const item = (await res.json()) as { id: number };
      media.push(item.id);
      await fetch(`${site.rest}/wp/v2/media/${item.id}`, { method: 'POST', headers: json, body: JSON.stringify({ post: post.id, caption, alt_text: caption ? 'alt' : '' }) });
    }
    await fetch(`${site.rest}/wp/v2/posts/${post.id}`, { method: 'POST', headers: json, body: JSON.stringify({ content: CONTENT }) });
    const read = (await (await fetch(`${site.rest}/wp/v2/posts/${post.id}`)).json()) as { content: { rendered: string } };
    // Ids differ by nature (and file names get a suffix when the name is taken); the rest is compared as it is.
    let html = read.content.rendered.split(site.site).join('{site}').replace(new RegExp(`galleryid-${post.id}\\b`, 'g'), 'galleryid-POST');
    media.forEach((id, i) => { html = html.replace(new RegExp(`(gallery-\\d+-)${id}\\b`, 'g'), `$1MEDIA${i}`); });
    return html.replace(/gal(land|port)(-\d+)?/g, 'gal$1');
  } finally {
    for (const id of media) await fetch(`${site.rest}/wp/v2/media/${id}?force=true`, { method: 'DELETE', headers: site.admin });
    await fetch(`${site.rest}/wp/v2/posts/${post.id}?force=true`, { method: 'DELETE', headers: site.admin });
  }
}

/** 1 when the galleries differ (both answers printed), else 0. */
export async function compareGallery(us: Site, wp: Site): Promise<number> {
  const images: Array<[string, Buffer, string]> = [['galland.jpg', await jpeg(800, 600), ''], ['galport.jpg', await jpeg(300, 400), 'A "caption"']];
  const [ours, theirs] = [await rendered(us, images), await rendered(wp, images)];
  if (ours === theirs) {
    console.log(`✓ [gallery] of attached images over HTTP (${ours.split("class='gallery-item'").length - 1} items in 3 galleries, ${ours.length} characters)`);
    return 0;
  }
  console.log(`✗ [gallery] of attached images over HTTP\n    ${JSON.stringify(ours)}\n    vs WordPress ${JSON.stringify(theirs)}`);
  return 1;
}

async function embedding(site: Site): Promise<string> {
  const json = { ...site.admin, 'content-type': 'application/json' };
  const target = (await (await fetch(`${site.rest}/wp/v2/posts`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Embedded "one"', content: 'x', status: 'publish' }) })).json()) as { id: number; link: string };
  const host = (await (await fetch(`${site.rest}/wp/v2/posts`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Embedding', content: `Intro\n\n${target.link}\n\n[embed]${target.link}[/embed]\n\nhttps://example.org/elsewhere`, status: 'publish' }) })).json()) as { id: number };
  try {
    const read = (await (await fetch(`${site.rest}/wp/v2/posts/${host.id}`)).json()) as { content: { rendered: string }; excerpt: { rendered: string } };
    // The site's name is each site's own setting.
    const { name } = (await (await fetch(`${site.rest}/`)).json()) as { name: string };
    return (read.content.rendered + read.excerpt.rendered).split(` &#8212; ${name}"`).join(' &#8212; {name}"').replace(/secret(=|=")[a-zA-Z0-9]{10}/g, 'secret$1S').split(site.site).join('{site}');
  } finally {
    for (const id of [host.id, target.id]) await fetch(`${site.rest}/wp/v2/posts/${id}?force=true`, { method: 'DELETE', headers: site.admin });
  }
}

/** 1 when the embeds of a post of the site differ (both answers printed), else 0. */
export async function compareEmbeds(us: Site, wp: Site): Promise<number> {
  const [ours, theirs] = [await embedding(us), await embedding(wp)];
  if (ours === theirs) {
    console.log(`✓ embeds of a post of the site over HTTP (${ours.split('<iframe').length - 1} embeds, ${ours.length} characters)`);
    return 0;
  }
  console.log(`✗ embeds of a post of the site over HTTP\n    ${JSON.stringify(ours)}\n    vs WordPress ${JSON.stringify(theirs)}`);
  return 1;
}

interface Uploaded {
  id: number;
  source_url: string;
  media_details: { sizes: Record<string, { source_url: string }> };
}

async function insertedImages(site: Site, image: Buffer): Promise<string> {
  const json = { ...site.admin, 'content-type': 'application/json' };
  const media = (await (await fetch(`${site.rest}/wp/v2/media`, { method: 'POST', headers: { ...site.admin, 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename=inserted.jpg' }, body: new Uint8Array(image) })).json()) as Uploaded;
  const sizes = media.media_details.sizes;
  const id = media.id;
  const content = [
    `<img src="${sizes.medium.source_url}" alt="" width="300" height="225" class="alignnone size-medium wp-image-${id}" />`,
    `<!-- wp:image {"id":${id},"sizeSlug":"full"} -->\n<figure class="wp-block-image size-full"><img src="${media.source_url}" alt="" class="wp-image-${id}"/></figure>\n<!-- /wp:image -->`,
    `<img src="${sizes.thumbnail.source_url}" class="wp-image-${id}">`,
    `<img src="${sizes.medium_large.source_url}" class="wp-image-${id}" style="width:384px;">`,
    `<img src="http://example.com/other.jpg" class="wp-image-${id}" width="10" height="10">`,
  ].join('\n\n');
  const post = (await (await fetch(`${site.rest}/wp/v2/posts`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Inserted images', content, status: 'publish' }) })).json()) as { id: number };
  try {
    const read = (await (await fetch(`${site.rest}/wp/v2/posts/${post.id}`)).json()) as { content: { rendered: string } };
    // Only the ids differ by nature; sizes and file names are compared as they are.
    return read.content.rendered.split(site.site).join('{site}').split(`wp-image-${id}`).join('wp-image-ID').replace(/inserted-\d+/g, 'inserted-N');
  } finally {
    await fetch(`${site.rest}/wp/v2/posts/${post.id}?force=true`, { method: 'DELETE', headers: site.admin });
    await fetch(`${site.rest}/wp/v2/media/${id}?force=true`, { method: 'DELETE', headers: site.admin });
  }
}

/** 1 when images inserted from the library (wp-image-N) differ (both answers printed), else 0. */
export async function compareInsertedImages(us: Site, wp: Site): Promise<number> {
  const image = await jpeg(800, 600);
  const [ours, theirs] = [await insertedImages(us, image), await insertedImages(wp, image)];
  if (ours === theirs) {
    console.log(`✓ images inserted from the library over HTTP (${ours.split('srcset=').length - 1} with srcset, ${ours.length} characters)`);
    return 0;
  }
  console.log(`✗ images inserted from the library over HTTP\n    ${JSON.stringify(ours)}\n    vs WordPress ${JSON.stringify(theirs)}`);
  return 1;
}
