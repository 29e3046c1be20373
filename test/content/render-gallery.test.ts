/**
 * [gallery] as WordPress 6.8 renders it: the attachments and every expected string below are
 * what the 6.8 reference answered (two uploaded images attached to post 2841, media and
 * content.rendered read back over REST; theme twentytwentyfive, html5 galleries).
 */
import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt, type SiteData } from '../../runtime/content/render/index.ts';

const GALLERY: SiteData = {
  "postId": 2841,
  "images": [
    {
      "id": 2842,
      "parent": 2841,
      "menuOrder": 0,
      "title": "Land \"one\"",
      "date": "2026-11-23T23:04:06",
      "caption": "",
      "alt": "",
      "link": "http://127.0.0.1:8082/gallery-host/land/",
      "url": "http://127.0.0.1:8082/wp-content/uploads/2026/11/land.jpg",
      "baseUrl": "http://127.0.0.1:8082/wp-content/uploads/2026/11/",
      "file": "2026/11/land.jpg",
      "width": 800,
      "height": 600,
      "sizes": {
        "medium": {
          "file": "land-300x225.jpg",
          "width": 300,
          "height": 225
        },
        "thumbnail": {
          "file": "land-150x150.jpg",
          "width": 150,
          "height": 150
        },
        "medium_large": {
          "file": "land-768x576.jpg",
          "width": 768,
          "height": 576
        }
      }
    },
    {
      "id": 2843,
      "parent": 2841,
      "menuOrder": 0,
      "title": "Portrait",
      "date": "2026-11-23T23:04:07",
      "caption": "A caption",
      "alt": "alt p",
      "link": "http://127.0.0.1:8082/gallery-host/port/",
      "url": "http://127.0.0.1:8082/wp-content/uploads/2026/11/port.jpg",
      "baseUrl": "http://127.0.0.1:8082/wp-content/uploads/2026/11/",
      "file": "2026/11/port.jpg",
      "width": 300,
      "height": 400,
      "sizes": {
        "medium": {
          "file": "port-225x300.jpg",
          "width": 225,
          "height": 300
        },
        "thumbnail": {
          "file": "port-150x150.jpg",
          "width": 150,
          "height": 150
        }
      }
    }
  ]
};

const CASES: Array<{ content: string; rendered: string; excerpt: string }> = [
  {
    "content": "[gallery ids=\"2842,2843\"]",
    "rendered": "<div id='gallery-1' class='gallery galleryid-2841 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/land/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"\" /></a>\n\t\t\t</div></figure><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/port/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"alt p\" aria-describedby=\"gallery-1-2843\" /></a>\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-2843'>\n\t\t\t\tA caption\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n",
    "excerpt": ""
  },
  {
    "content": "[gallery]",
    "rendered": "<div id='gallery-1' class='gallery galleryid-2841 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/land/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"\" /></a>\n\t\t\t</div></figure><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/port/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"alt p\" aria-describedby=\"gallery-1-2843\" /></a>\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-2843'>\n\t\t\t\tA caption\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n",
    "excerpt": ""
  },
  {
    "content": "[gallery ids=\"2842,2843\" columns=\"2\" size=\"medium\" link=\"file\"]",
    "rendered": "<div id='gallery-1' class='gallery galleryid-2841 gallery-columns-2 gallery-size-medium'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='http://127.0.0.1:8082/wp-content/uploads/2026/11/land.jpg'><img loading=\"lazy\" decoding=\"async\" width=\"300\" height=\"225\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-300x225.jpg\" class=\"attachment-medium size-medium\" alt=\"\" srcset=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-300x225.jpg 300w, http://127.0.0.1:8082/wp-content/uploads/2026/11/land-768x576.jpg 768w, http://127.0.0.1:8082/wp-content/uploads/2026/11/land.jpg 800w\" sizes=\"auto, (max-width: 300px) 100vw, 300px\" /></a>\n\t\t\t</div></figure><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<a href='http://127.0.0.1:8082/wp-content/uploads/2026/11/port.jpg'><img loading=\"lazy\" decoding=\"async\" width=\"225\" height=\"300\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-225x300.jpg\" class=\"attachment-medium size-medium\" alt=\"alt p\" aria-describedby=\"gallery-1-2843\" srcset=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-225x300.jpg 225w, http://127.0.0.1:8082/wp-content/uploads/2026/11/port.jpg 300w\" sizes=\"auto, (max-width: 225px) 100vw, 225px\" /></a>\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-2843'>\n\t\t\t\tA caption\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n",
    "excerpt": ""
  },
  {
    "content": "[gallery ids=\"2843\" link=\"none\" orderby=\"ID\" order=\"DESC\"]",
    "rendered": "<div id='gallery-1' class='gallery galleryid-2841 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"alt p\" aria-describedby=\"gallery-1-2843\" />\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-2843'>\n\t\t\t\tA caption\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n",
    "excerpt": ""
  },
  {
    "content": "Text before\n\n[gallery ids=\"2842,2843\"]\n\n[gallery ids=\"2842\"]",
    "rendered": "<p>Text before</p>\n<div id='gallery-1' class='gallery galleryid-2841 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/land/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"\" /></a>\n\t\t\t</div></figure><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon portrait'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/port/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/port-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"alt p\" aria-describedby=\"gallery-1-2843\" /></a>\n\t\t\t</div>\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-2843'>\n\t\t\t\tA caption\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n<div id='gallery-2' class='gallery galleryid-2841 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t<a href='http://127.0.0.1:8082/gallery-host/land/'><img loading=\"lazy\" decoding=\"async\" width=\"150\" height=\"150\" src=\"http://127.0.0.1:8082/wp-content/uploads/2026/11/land-150x150.jpg\" class=\"attachment-thumbnail size-thumbnail\" alt=\"\" /></a>\n\t\t\t</div></figure>\n\t\t</div>\n\n",
    "excerpt": "<p>Text before</p>\n"
  }
];

describe('[gallery]', () => {
  for (const c of CASES) {
    it(`renders ${JSON.stringify(c.content).slice(0, 70)} as 6.8 does`, () => {
      expect(renderContent(c.content, GALLERY)).toBe(c.rendered);
      expect(renderExcerpt('', c.content)).toBe(c.excerpt);
    });
  }
  it('renders nothing for ids that name no image, and stays as written without gallery data', () => {
    expect(renderContent('[gallery ids="999991,999992"]', GALLERY)).toBe('\n');
    expect(renderContent('[gallery ids="1"]')).toBe('[gallery ids="1"]\n');
  });
  it('renders anew when an attachment changes (the data is part of the memo key)', () => {
    const first = renderContent('[gallery]', GALLERY);
    const recaptioned = { ...GALLERY, images: GALLERY.images.map((i) => ({ ...i, caption: i.caption ? 'New words' : '' })) };
    const second = renderContent('[gallery]', recaptioned);
    expect(second).not.toBe(first);
    expect(second).toContain('New words');
  });
});
