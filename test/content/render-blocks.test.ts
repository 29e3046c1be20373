/**
 * Block rendering as WordPress 6.8 renders it. Every expected string is what the 6.8 reference
 * (twentytwentyfive theme) answered as content.rendered / excerpt.rendered for the same content.
 */
import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt } from '../../runtime/content/render/index.ts';
import { phpJson } from '../../runtime/content/render/block-layout.ts';

const para = (t: string) => `<!-- wp:paragraph -->\n<p>${t}</p>\n<!-- /wp:paragraph -->`;

describe('render callbacks of static blocks', () => {
  it('adds wp-block-heading to a heading saved without it, once', () => {
    expect(renderContent('<!-- wp:heading {"level":3} -->\n<h3>Old head</h3>\n<!-- /wp:heading -->')).toBe('\n<h3 class="wp-block-heading">Old head</h3>\n');
    expect(renderContent('<!-- wp:heading -->\n<h2 class="wp-block-heading">Head</h2>\n<!-- /wp:heading -->')).toBe('\n<h2 class="wp-block-heading">Head</h2>\n');
  });
  it('adds wp-block-list to the list element and keeps list-item blocks as their HTML', () => {
    const list = '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->';
    expect(renderContent(list)).toBe('\n<ul class="wp-block-list">\n<li>One</li>\n\n\n\n<li>Two</li>\n</ul>\n');
  });
  it('gives images of a gallery their data-id and the gallery its numbered class', () => {
    const gallery =
      '<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped"><!-- wp:image {"id":55} -->\n<figure class="wp-block-image"><img src="http://example.com/a.jpg" alt="" class="wp-image-55"/></figure>\n<!-- /wp:image --></figure>\n<!-- /wp:gallery -->';
    expect(renderContent(`${gallery}\n\n${gallery}`)).toBe(
      '\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped wp-block-gallery-1 is-layout-flex wp-block-gallery-is-layout-flex">\n<figure class="wp-block-image"><img decoding="async" data-id="55" src="http://example.com/a.jpg" alt="" class="wp-image-55"/></figure>\n</figure>\n' +
        '\n\n' +
        '\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped wp-block-gallery-2 is-layout-flex wp-block-gallery-is-layout-flex">\n<figure class="wp-block-image"><img decoding="async" data-id="55" src="http://example.com/a.jpg" alt="" class="wp-image-55"/></figure>\n</figure>\n',
    );
  });
  it('drops an image block without a source and a button without text', () => {
    expect(renderContent('<!-- wp:image -->\n<figure class="wp-block-image"><img alt=""/></figure>\n<!-- /wp:image -->')).toBe('');
    expect(renderContent('<!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button"></a></div>\n<!-- /wp:button -->')).toBe('');
  });
  it('leaves blocks without a callback, and unknown blocks, as saved', () => {
    expect(renderContent('<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></figure>\n<!-- /wp:table -->')).toBe(
      '\n<figure class="wp-block-table"><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></figure>\n',
    );
    expect(renderContent('<!-- wp:unknown/thing {"a":1} -->\n<div class="x">Third party</div>\n<!-- /wp:unknown/thing -->')).toBe('\n<div class="x">Third party</div>\n');
  });
});

describe('layout support classes', () => {
  it('adds flow layout classes to a quote', () => {
    expect(renderContent(`<!-- wp:quote -->\n<blockquote class="wp-block-quote">${para('Quoted')}<cite>Someone</cite></blockquote>\n<!-- /wp:quote -->`)).toBe(
      '\n<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow">\n<p>Quoted</p>\n<cite>Someone</cite></blockquote>\n',
    );
  });
  it('adds flex classes to buttons, and the hashed container class where the layout writes a style (columns)', () => {
    expect(renderContent('<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Click</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->')).toBe(
      '\n<div class="wp-block-buttons is-layout-flex wp-block-buttons-is-layout-flex">\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Click</a></div>\n</div>\n',
    );
    const column = (t: string) => `<!-- wp:column -->\n<div class="wp-block-column">${para(t)}</div>\n<!-- /wp:column -->`;
    expect(renderContent(`<!-- wp:columns -->\n<div class="wp-block-columns">${column('Left')}\n\n${column('Right')}</div>\n<!-- /wp:columns -->`)).toBe(
      '\n<div class="wp-block-columns is-layout-flex wp-container-core-columns-is-layout-28f84493 wp-block-columns-is-layout-flex">\n<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow">\n<p>Left</p>\n</div>\n\n\n\n<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow">\n<p>Right</p>\n</div>\n</div>\n',
    );
  });
  it('adds has-global-padding to a constrained group', () => {
    expect(renderContent(`<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group">${para('In group')}</div>\n<!-- /wp:group -->`)).toBe(
      '\n<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">\n<p>In group</p>\n</div>\n',
    );
  });
  it('hashes the same JSON PHP writes (slashes and non-ASCII escaped, empty objects as [])', () => {
    expect(phpJson([{ type: 'flex', flexWrap: 'nowrap' }, true, null, false, '2em', null])).toBe('[{"type":"flex","flexWrap":"nowrap"},true,null,false,"2em",null]');
    expect(phpJson({ a: 'x/y', b: 'é', c: {} })).toBe('{"a":"x\\/y","b":"\\u00e9","c":[]}');
  });
});

describe('excerpts of block content', () => {
  it('keeps only the blocks WordPress keeps: no list of list-item blocks, no images, no buttons', () => {
    const list = '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->';
    expect(renderExcerpt('', list)).toBe('');
    expect(renderExcerpt('', '<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><li>A</li></ol>\n<!-- /wp:list -->')).toBe('<p>A</p>\n');
    const image = '<!-- wp:image -->\n<figure class="wp-block-image"><img src="x.png" alt=""/><figcaption class="wp-element-caption">Caption words</figcaption></figure>\n<!-- /wp:image -->';
    expect(renderExcerpt('', `${para('Before image')}\n\n${image}\n\n${para('After image')}`)).toBe('<p>Before image After image</p>\n');
  });
  it('reads the blocks inside columns and groups', () => {
    const column = (t: string) => `<!-- wp:column -->\n<div class="wp-block-column">${para(t)}</div>\n<!-- /wp:column -->`;
    expect(renderExcerpt('', `<!-- wp:columns -->\n<div class="wp-block-columns">${column('Left')}\n\n${column('Right')}</div>\n<!-- /wp:columns -->`)).toBe('<p>Left Right</p>\n');
  });
  it('separates words of blocks saved without whitespace between them, as autop does in WordPress', () => {
    expect(renderExcerpt('', `<!-- wp:heading -->\n<h2 class="wp-block-heading">Joined</h2>\n<!-- /wp:heading -->${para('words')}`)).toBe('<p>Joined words</p>\n');
  });
});

describe('elements support', () => {
  it('adds wp-elements-<md5 of the PHP-serialized block> to blocks with link colours, before layout classes', () => {
    expect(renderContent('<!-- wp:paragraph {"style":{"elements":{"link":{"color":{"text":"var:preset|color|accent-1"}}}}} -->\n<p class="has-link-color">A <a href="#">link</a></p>\n<!-- /wp:paragraph -->')).toBe(
      '\n<p class="has-link-color wp-elements-0deba73a2237478d9e10539109c0d64c">A <a href="#">link</a></p>\n',
    );
    expect(renderContent('<!-- wp:group {"style":{"elements":{"link":{"color":{"text":"#ff0000"}}}},"layout":{"type":"constrained"}} -->\n<div class="wp-block-group has-link-color"><!-- wp:paragraph -->\n<p>In <a href="#">group</a></p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->')).toBe(
      '\n<div class="wp-block-group has-link-color wp-elements-2193b55bc45155611bda0ea9cf924da7 has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">\n<p>In <a href="#">group</a></p>\n</div>\n',
    );
  });
  it('hashes an inner block as parsed (no parent layout), byte lengths of UTF-8 text included', () => {
    expect(renderContent('<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group"><!-- wp:paragraph {"style":{"elements":{"link":{"color":{"text":"#00ff00"}}}}} -->\n<p class="has-link-color">Nested <a href="#">x</a> é</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->')).toBe(
      '\n<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">\n<p class="has-link-color wp-elements-6d81f9739fbd320a8c89d17393968560">Nested <a href="#">x</a> é</p>\n</div>\n',
    );
  });
  it('gives no class to blocks that skip colour serialization', () => {
    const table = '<!-- wp:table {"style":{"elements":{"link":{"color":{"text":"#f00"}}}}} -->\n<figure class="wp-block-table"><table><tbody><tr><td><a href="#">x</a></td></tr></tbody></table></figure>\n<!-- /wp:table -->';
    expect(renderContent(table)).not.toContain('wp-elements-');
  });
});

describe('typography and duotone supports', () => {
  it('turns a custom font size into the fluid clamp() 6.8 computes (twentytwentyfive settings)', () => {
    expect(renderContent('<!-- wp:paragraph {"style":{"typography":{"fontSize":"28px"}}} -->\n<p style="font-size:28px">Big</p>\n<!-- /wp:paragraph -->')).toBe(
      '\n<p style="font-size:clamp(17.905px, 1.119rem + ((1vw - 3.2px) * 0.99), 28px);">Big</p>\n',
    );
    expect(renderContent('<!-- wp:heading {"style":{"typography":{"fontSize":"3rem","lineHeight":"1.2"}}} -->\n<h2 class="wp-block-heading" style="font-size:3rem;line-height:1.2">Huge</h2>\n<!-- /wp:heading -->')).toBe(
      '\n<h2 class="wp-block-heading" style="font-size:clamp(1.743rem, 1.743rem + ((1vw - 0.2rem) * 1.972), 3rem);line-height:1.2">Huge</h2>\n',
    );
  });
  it('keeps sizes at or below the 14px floor as written', () => {
    expect(renderContent('<!-- wp:paragraph {"style":{"typography":{"fontSize":"12px"}}} -->\n<p style="font-size:12px">Small</p>\n<!-- /wp:paragraph -->')).toBe('\n<p style="font-size:12px">Small</p>\n');
  });
  it('classes an image with a preset duotone filter', () => {
    expect(renderContent('<!-- wp:image {"id":1,"style":{"color":{"duotone":"var:preset|duotone|blue-orange"}}} -->\n<figure class="wp-block-image"><img src="x.jpg" alt="" class="wp-image-1"/></figure>\n<!-- /wp:image -->')).toBe(
      '\n<figure class="wp-block-image wp-duotone-blue-orange"><img decoding="async" src="x.jpg" alt="" class="wp-image-1"/></figure>\n',
    );
  });
});
