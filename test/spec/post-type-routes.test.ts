/**
 * `postTypeRoutes:` and `postType:` in namespace files: routes written once are served once per
 * post type, placeholders filled from the post type registry, each copy carrying its type; the
 * core/v2 posts and pages routes are such copies; mistakes are reported at the template's lines.
 */
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/spec/load.ts';
import { sourceOf } from '../../generator/spec/resolve.ts';
import { describeRoute } from '../../contract/route-descriptor.ts';
import { FIXTURES, loadFixture, withCode } from './load-fixture.ts';

const ns = (fixture: string) => `${FIXTURES}/${fixture}/namespaces/demo-v1.yaml`;

describe('postTypeRoutes', () => {
  it('serves each template route once per listed type, in type order before the written routes, with the type named', async () => {
    const { model, lines } = await loadFixture('post-type-routes');
    expect(lines).toEqual([]);
    const routes = model!.deployments[0]!.routes;
    expect(routes.map((r) => [r.path, r.postType])).toEqual([
      ['/demo/v1', undefined],
      ['/demo/v1/posts', 'post'],
      ['/demo/v1/posts/<id>', 'post'],
      ['/demo/v1/pages', 'page'],
      ['/demo/v1/pages/<id>', 'page'],
      ['/demo/v1/files/<id>', 'attachment'],
    ]);
    expect(routes.flatMap((r) => r.endpoints.map((e) => e.operationId))).toEqual([
      'demoV1Index', 'listPosts', 'createPost', 'getPost', 'listPages', 'createPage', 'getPage', 'getFile',
    ]);
    const createPage = routes[3]!.endpoints[1]!;
    expect(createPage.description).toBe('Creates a page.');
    expect(createPage.args.title).toEqual({ description: 'Title of the page.', type: 'string' });
    expect(routes[4]!.pattern).toBe('/demo/v1/pages/(?P<id>[\\d]+)');
  });

  it('keeps the source position of the template in every copy', async () => {
    const { model } = await loadFixture('post-type-routes');
    const routes = model!.deployments[0]!.routes;
    const posts = routes.find((r) => r.path === '/demo/v1/posts')!;
    const pages = routes.find((r) => r.path === '/demo/v1/pages')!;
    expect(sourceOf(posts)).toEqual({ file: ns('post-type-routes'), line: 5, col: 5 });
    expect(sourceOf(pages)).toEqual(sourceOf(posts));
    expect(sourceOf(pages.endpoints[1]!)!.line).toBe(sourceOf(posts.endpoints[1]!)!.line);
  });

  it('reports unknown post types, routes made twice and template mistakes at the lines written', async () => {
    const { model, lines } = await loadFixture('post-type-errors');
    expect(model).toBeUndefined();
    expect(withCode(lines, 'SP061')).toEqual([
      `${ns('post-type-errors')}:3:27 error SP061: post type \`pgae\` is not in the post type registry; did you mean \`page\`?; add it to contract/post-types.ts or name one of \`post\`, \`page\`, \`attachment\`, \`nav_menu_item\`, \`wp_block\`, \`wp_template\`, \`wp_template_part\`, \`wp_global_styles\`, \`wp_navigation\`, \`wp_font_family\`, \`wp_font_face\``,
      `${ns('post-type-errors')}:15:15 error SP061: post type \`atachment\` is not in the post type registry; did you mean \`attachment\`?; add it to contract/post-types.ts or name one of \`post\`, \`page\`, \`attachment\`, \`nav_menu_item\`, \`wp_block\`, \`wp_template\`, \`wp_template_part\`, \`wp_global_styles\`, \`wp_navigation\`, \`wp_font_family\`, \`wp_font_face\``,
    ]);
    expect(withCode(lines, 'SP062')).toEqual([
      `${ns('post-type-errors')}:5:5 error SP062: route \`/pages\` is made by \`postTypeRoutes\` and also written (or made twice); write it once`,
    ]);
  });

  it('reports a mistake inside the template once per copy, at the template\'s line', async () => {
    const { model, lines } = await loadFixture('post-type-template-error');
    expect(model).toBeUndefined();
    expect(withCode(lines, 'SP014')).toEqual([
      `${ns('post-type-template-error')}:8:24 error SP014: \`routes./posts.endpoints[0].operationId\` \`list-Posts\` does not match the required form; expected /^[a-z][A-Za-z0-9]*$/`,
      `${ns('post-type-template-error')}:8:24 error SP014: \`routes./pages.endpoints[0].operationId\` \`list-Pages\` does not match the required form; expected /^[a-z][A-Za-z0-9]*$/`,
    ]);
  });
});

describe('core/v2 posts and pages', () => {
  it('are one template served for post and page; media routes name their type', async () => {
    const { model, diagnostics } = await loadSpec('spec');
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const blog = model!.deployments.find((d) => d.isDefault) ?? model!.deployments[0]!;
    const core = blog.routes.filter((r) => r.namespace === 'core/v2' && /^\/core\/v2\/(posts|pages|media)\b/.test(r.path));
    const typeOf = (prefix: string) => [...new Set(core.filter((r) => r.path.startsWith(prefix)).map((r) => r.postType))];
    expect(typeOf('/core/v2/posts')).toEqual(['post']);
    expect(typeOf('/core/v2/pages')).toEqual(['page']);
    expect(typeOf('/core/v2/media')).toEqual(['attachment']);
    const posts = core.filter((r) => r.postType === 'post');
    const pages = core.filter((r) => r.postType === 'page');
    expect(pages.map((r) => r.path)).toEqual(posts.map((r) => r.path.replace('/posts', '/pages')));
    // Written once: every copy points at the same template lines.
    expect(pages.map((r) => sourceOf(r)!.line)).toEqual(posts.map((r) => sourceOf(r)!.line));
    expect(pages.flatMap((r) => r.endpoints.map((e) => e.operationId))).toEqual(posts.flatMap((r) => r.endpoints.map((e) => e.operationId.replace('Post', 'Page'))));
  });
});

describe('schemas of routes serving a post type (OPTIONS)', () => {
  it('action routes under an item publish none; collection, item, revisions and autosaves routes do, with the type\'s links', async () => {
    const { model } = await loadSpec('spec');
    const blog = model!.deployments.find((d) => d.name === 'blog')!;
    const schemaOf = (path: string) => {
      const route = blog.routes.find((r) => r.path === path)!;
      return describeRoute({ restUrl: 'http://x/wp-json', resources: blog.resources }, route, 'help').schema as { title?: string; links?: Array<{ rel: string; href: string }> } | undefined;
    };
    expect(schemaOf('/core/v2/media/<id>/edit')).toBeUndefined();
    expect(schemaOf('/core/v2/media/<id>/post-process')).toBeUndefined();
    expect(schemaOf('/core/v2/media/<id>')!.title).toBe('attachment');
    expect(schemaOf('/core/v2/pages/<parent>/revisions')!.title).toBe('page-revision');
    // WordPress's autosaves controller publishes its revisions controller's schema.
    expect(schemaOf('/core/v2/posts/<id>/autosaves')!.title).toBe('post-revision');
    const pageLinks = schemaOf('/core/v2/pages')!.links!;
    expect(pageLinks.map((l) => l.rel)).toEqual(['https://api.w.org/action-publish', 'https://api.w.org/action-unfiltered-html', 'https://api.w.org/action-assign-author']);
    expect(new Set(pageLinks.map((l) => l.href))).toEqual(new Set(['http://x/wp-json/core/v2/pages/{id}']));
    // The same route without its postType is no action of a post type: it keeps the schema.
    const edit = blog.routes.find((r) => r.path === '/core/v2/media/<id>/edit')!;
    const { postType: _type, ...untyped } = edit;
    expect((describeRoute({ restUrl: 'http://x/wp-json', resources: blog.resources }, untyped, 'help').schema as { title: string }).title).toBe('attachment');
  });
});
