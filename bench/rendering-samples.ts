/**
 * Post contents whose rendered title, content and excerpt compare-wordpress.ts sets against
 * WordPress 6.8: blocks as the editor saves them (6.8 adds classes at render time), shortcodes
 * WordPress registers (and one it does not), and block content whose excerpt WordPress builds
 * from some blocks only.
 */
const p = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const LONG = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');

export const BLOCK_SAMPLES = [
  '<!-- wp:heading -->\n<h2 class="wp-block-heading">Head</h2>\n<!-- /wp:heading -->',
  '<!-- wp:heading {"level":3} -->\n<h3>Old head</h3>\n<!-- /wp:heading -->',
  '<!-- wp:heading {"textAlign":"center"} -->\n<h2 class="has-text-align-center">Centered</h2>\n<!-- /wp:heading -->',
  '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  '<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><li>A</li></ol>\n<!-- /wp:list -->',
  '<!-- wp:list -->\n<ul class="is-style-none"><li>Styled</li></ul>\n<!-- /wp:list -->',
  '<!-- wp:image {"id":55,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="http://example.com/a.jpg" alt="" class="wp-image-55"/></figure>\n<!-- /wp:image -->',
  '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Quoted</p>\n<!-- /wp:paragraph --><cite>Someone</cite></blockquote>\n<!-- /wp:quote -->',
  '<!-- wp:pullquote -->\n<figure class="wp-block-pullquote"><blockquote><p>Pulled</p><cite>Who</cite></blockquote></figure>\n<!-- /wp:pullquote -->',
  '<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></figure>\n<!-- /wp:table -->',
  '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
  '<!-- wp:code -->\n<pre class="wp-block-code"><code>let a = "b";</code></pre>\n<!-- /wp:code -->',
  '<!-- wp:preformatted -->\n<pre class="wp-block-preformatted">Pre "text"</pre>\n<!-- /wp:preformatted -->',
  '<!-- wp:verse -->\n<pre class="wp-block-verse">Verse "line"</pre>\n<!-- /wp:verse -->',
  '<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Click</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->',
  '<!-- wp:columns -->\n<div class="wp-block-columns"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Left</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column -->\n\n<!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Right</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->',
  '<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>In group</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->',
  '<!-- wp:group -->\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>Flow group</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->',
  '<!-- wp:spacer -->\n<div style="height:100px" aria-hidden="true" class="wp-block-spacer"></div>\n<!-- /wp:spacer -->',
  '<!-- wp:paragraph {"align":"center"} -->\n<p class="has-text-align-center">Centered "p"</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:html -->\n<div>Raw "html"</div>\n<!-- /wp:html -->',
  '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc\n</div></figure>\n<!-- /wp:embed -->',
  '<!-- wp:shortcode -->\n[caption width="100"]<img src="d.jpg" width="100" height="50"> Cap[/caption]\n<!-- /wp:shortcode -->',
  '<!-- wp:unknown/thing {"a":1} -->\n<div class="x">Third party "block"</div>\n<!-- /wp:unknown/thing -->',
  `${p('First "para"')}\n\n<!-- wp:heading -->\n<h2 class="wp-block-heading">Then</h2>\n<!-- /wp:heading -->\n\n${p(LONG)}`,
  `<!-- wp:heading -->\n<h2 class="wp-block-heading">Joined</h2>\n<!-- /wp:heading -->${p('words')}`,
  `${p('Before image')}\n\n<!-- wp:image -->\n<figure class="wp-block-image"><img src="x.png" alt=""/><figcaption class="wp-element-caption">Caption words</figcaption></figure>\n<!-- /wp:image -->\n\n${p('After image')}`,
  `Classic text "before"\n\n${p('then block')}`,
  `${p('Teaser')}\n\n<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->\n\n${p('Rest')}`,
  '<!-- wp:paragraph {"style":{"elements":{"link":{"color":{"text":"var:preset|color|accent-1"}}}}} -->\n<p class="has-link-color">A <a href="#">link</a> é</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:group {"style":{"elements":{"link":{"color":{"text":"#ff0000"}},"heading":{"color":{"text":"#00f"}}}},"layout":{"type":"constrained"}} -->\n<div class="wp-block-group has-link-color"><!-- wp:paragraph {"style":{"elements":{"link":{"color":{"text":"#0f0"}}}}} -->\n<p class="has-link-color">In <a href="#">group</a></p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->',
  '<!-- wp:table {"style":{"elements":{"link":{"color":{"text":"#f00"}}}}} -->\n<figure class="wp-block-table"><table><tbody><tr><td><a href="#">x</a></td></tr></tbody></table></figure>\n<!-- /wp:table -->',
  '<!-- wp:heading {"style":{"elements":{"link":{":hover":{"color":{"text":"#123"}}}}}} -->\n<h2>Hover</h2>\n<!-- /wp:heading -->',
  '<!-- wp:paragraph {"style":{"typography":{"fontSize":"28px"}}} -->\n<p style="font-size:28px">Big</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:heading {"style":{"typography":{"fontSize":"3rem","lineHeight":"1.2"}}} -->\n<h2 class="wp-block-heading" style="font-size:3rem;line-height:1.2">Huge</h2>\n<!-- /wp:heading -->',
  '<!-- wp:paragraph {"style":{"typography":{"fontSize":"12px"}}} -->\n<p style="font-size:12px">Small</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph {"style":{"typography":{"fontSize":"1.5em"}}} -->\n<p style="font-size:1.5em">Em</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:image {"id":1,"style":{"color":{"duotone":"var:preset|duotone|blue-orange"}}} -->\n<figure class="wp-block-image"><img src="x.jpg" alt="" class="wp-image-1"/></figure>\n<!-- /wp:image -->',
];

export const SHORTCODE_SAMPLES = [
  '[caption id="attachment_5" align="alignnone" width="300"]<img src="http://example.com/a.jpg" alt="" width="300" height="200" class="size-medium wp-image-5" /> A "caption" here[/caption]',
  'Before\n\n[caption align="aligncenter" width="150"]<a href="http://example.com/"><img src="b.jpg" width="150" height="100" /></a> Linked caption[/caption]\n\nAfter',
  '[caption width="0"]<img src="c.jpg" /> zero[/caption]',
  '[caption]<img src="c.jpg" /> no width[/caption]',
  '[caption id="x" width="200" caption="Attr caption"]<img src="c.jpg" width="200" height="100" />[/caption]',
  '[caption width="100" class="extra"]<img src="d.jpg" width="100" height="50"> It\'s "quoted"[/caption] and \'after\'',
  '[wp_caption width="100"]<img src="e.jpg"> old[/wp_caption]',
  '[gallery ids="999991,999992"]',
  '[embed]https://www.youtube.com/watch?v=abc[/embed]',
  '[embed width="300"]https://example.org/page[/embed]',
  'Text\n\nhttps://www.youtube.com/watch?v=abc\n\nMore',
  '[unknown attr="x"] text "q" [/unknown]',
  '[[caption]] escaped',
  `Words before [caption width="10"]<img src="f.jpg"> cap[/caption] ${LONG}`,
  '[audio src="http://example.com/a.mp3"]',
  '[audio mp3="http://example.com/a.mp3" ogg="http://example.com/a.ogg" loop="on"]',
  'Text [audio src="http://example.com/a.mp3"] and [audio src="http://example.com/b.wav?x=1&y=2"] more',
  '[video src="http://example.com/v.mp4" width="800" height="450" poster="http://example.com/p.jpg"]',
  '[video src="http://example.com/v.webm"]<track kind="captions" src="c.vtt">\n[/video]',
  '[audio]',
  '[playlist ids="1,2"]',
];

/** wpautop's conditional collapses and block list as 6.8 has them. */
export const AUTOP_SAMPLES = [
  '<figure><img src="a.png">\n<figcaption>Cap</figcaption>\n</figure>\nAfter',
  'Before <object data="x"><param name="a" value="b">\n</object> after',
  'x <math>\n<mi>a</mi>\n</math> y',
  '<blockquote cite="a>b">Quote</blockquote>',
  '<p>One</p>\n<p>Two "x"</p>',
  '<audio controls>\n<source src="a.mp3">\n</audio>\nText',
  'Line\n<!-- comment\nwith newline -->\nNext',
  '<select><option>a</option>\n<option>b</option></select>',
  'Smile :) and :-D, not:)here ;) end :?: y 8-) <code>:)</code> :arrow:\nline :(\n\n:P',
  'Fish & chips &amp; peas &copy; A&B',
  '<!-- wp:paragraph -->\n<p>Wordpress :) in a block</p>\n<!-- /wp:paragraph -->',
];
