/**
 * Images inserted from the media library (class wp-image-N) as WordPress 6.8's
 * wp_filter_content_tags completes them from the attachment. compare-wordpress.ts uploads the
 * same 800x600 image on both sites and compares these five shapes byte for byte (ids aside).
 */
import { describe, expect, it } from 'vitest';
import { renderContent, type SiteData } from '../../runtime/content/render/index.ts';

const BASE = 'http://site.test/wp-content/uploads/2026/03/';
const SITE: SiteData = {
  postId: 1,
  images: [{
    id: 55, parent: 0, menuOrder: 0, title: 'lake', date: '', caption: '', alt: '', link: '', url: `${BASE}lake.jpg`, baseUrl: BASE, file: '2026/03/lake.jpg', width: 800, height: 600,
    sizes: { medium: { file: 'lake-300x225.jpg', width: 300, height: 225 }, thumbnail: { file: 'lake-150x150.jpg', width: 150, height: 150 }, medium_large: { file: 'lake-768x576.jpg', width: 768, height: 576 } },
  }],
};

describe('images inserted from the library', () => {
  it("a medium image written with its size gets srcset and auto sizes", () => {
    expect(renderContent(`<img src="${BASE}lake-300x225.jpg" alt="" width="300" height="225" class="alignnone size-medium wp-image-55" />`, SITE)).toBe("<p><img loading=\"lazy\" decoding=\"async\" src=\"@@lake-300x225.jpg\" alt=\"\" width=\"300\" height=\"225\" class=\"alignnone size-medium wp-image-55\" srcset=\"@@lake-300x225.jpg 300w, @@lake-768x576.jpg 768w, @@lake.jpg 800w\" sizes=\"auto, (max-width: 300px) 100vw, 300px\" /></p>\n".split('@@').join(BASE));
  });
  it("a block image without size gets width, height and a srcset led by its own file", () => {
    expect(renderContent(`<!-- wp:image {"id":55,"sizeSlug":"full"} -->\n<figure class="wp-block-image size-full"><img src="${BASE}lake.jpg" alt="" class="wp-image-55"/></figure>\n<!-- /wp:image -->`, SITE)).toBe("\n<figure class=\"wp-block-image size-full\"><img loading=\"lazy\" decoding=\"async\" width=\"800\" height=\"600\" src=\"@@lake.jpg\" alt=\"\" class=\"wp-image-55\" srcset=\"@@lake.jpg 800w, @@lake-300x225.jpg 300w, @@lake-768x576.jpg 768w\" sizes=\"auto, (max-width: 800px) 100vw, 800px\" /></figure>\n".split('@@').join(BASE));
  });
  it("a thumbnail gets its size but no srcset (no other file of that shape)", () => {
    expect(renderContent(`<img src="${BASE}lake-150x150.jpg" class="wp-image-55">`, SITE)).toBe("<p><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"@@lake-150x150.jpg\" class=\"wp-image-55\"></p>\n".split('@@').join(BASE));
  });
  it("a width forced by style scales the height and the sizes", () => {
    expect(renderContent(`<img src="${BASE}lake-768x576.jpg" class="wp-image-55" style="width:384px;">`, SITE)).toBe("<p><img loading=\"lazy\" decoding=\"async\" width=\"384\" height=\"288\" src=\"@@lake-768x576.jpg\" class=\"wp-image-55\" style=\"width:384px;\" srcset=\"@@lake-768x576.jpg 768w, @@lake-300x225.jpg 300w, @@lake.jpg 800w\" sizes=\"auto, (max-width: 384px) 100vw, 384px\" /></p>\n".split('@@').join(BASE));
  });
  it("a file that is not the attachment's gets nothing from it", () => {
    expect(renderContent(`<img src="http://example.com/other.jpg" class="wp-image-55" width="10" height="10">`, SITE)).toBe("<p><img loading=\"lazy\" decoding=\"async\" src=\"http://example.com/other.jpg\" class=\"wp-image-55\" width=\"10\" height=\"10\"></p>\n".split('@@').join(BASE));
  });
  it('gets nothing without the attachment', () => {
    expect(renderContent(`<img src="${BASE}lake.jpg" alt="" class="wp-image-55"/>`)).toBe(`<p><img decoding="async" src="${BASE}lake.jpg" alt="" class="wp-image-55"/></p>\n`);
  });
});
