import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../generator/emit/openapi.ts';
import { smallModel } from './fixtures/small-model.ts';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any>; parameters: Record<string, any>; requestBodies: Record<string, any>; securitySchemes: Record<string, any> };
};

/** Follows a `#/components/...` reference inside the document. */
function deref(doc: Doc, value: { $ref?: string }): any {
  if (value.$ref === undefined) return value;
  return value.$ref.slice(2).split('/').reduce((node: any, key) => node[key], doc);
}

describe('OpenAPI document', () => {
  const doc = openApiDocument(smallModel().deployments[0]) as Doc;

  it('writes captures as path parameters', () => {
    const get = doc.paths['/core/v2/posts/{id}'].get;
    expect(get.parameters[0]).toEqual({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
  });

  it('gives each method of a multi-method endpoint its own operation id', () => {
    const item = doc.paths['/core/v2/posts/{id}'];
    expect([item.post.operationId, item.put.operationId, item.patch.operationId]).toEqual(['corePostsUpdate', 'corePostsUpdatePut', 'corePostsUpdatePatch']);
  });

  it('puts GET params in the query, shared as components, and write params in one JSON and form body', () => {
    const list = doc.paths['/core/v2/posts'].get;
    const params = list.parameters.map((p: { $ref?: string }) => deref(doc, p));
    expect(params.find((p: { name: string }) => p.name === 'per_page').schema).toEqual({ description: 'Maximum number of items to be returned.', type: 'integer', default: 10, minimum: 1, maximum: 100 });
    const create = doc.paths['/core/v2/posts'].post;
    const body = deref(doc, create.requestBody);
    expect(body.content['application/json'].schema).toEqual(body.content['application/x-www-form-urlencoded'].schema);
    expect(deref(doc, body.content['application/json'].schema).required).toEqual(['title']);
    // The context param of two operations is one component.
    const get = doc.paths['/core/v2/posts/{id}'].get;
    expect(get.parameters.find((p: { $ref?: string }) => p.$ref?.endsWith('/Context'))).toEqual(list.parameters.find((p: { $ref?: string }) => p.$ref?.endsWith('/Context')));
  });

  it('writes list params as WordPress reads them: comma lists; objects in bracket form', () => {
    const status = deref(doc, doc.paths['/core/v2/posts'].get.parameters.find((p: { $ref: string }) => deref(doc, p).name === 'status'));
    expect(status).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', default: ['publish'] } });
  });

  it('refers responses to named shapes, with the error answers each endpoint can give', () => {
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/core/v2/posts'].get;
    // An item answered in the embed context has only its embed fields: PostEmbed requires those.
    expect(deref(doc, list.responses['200']).content['application/json'].schema).toEqual({ type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/Post' }, { $ref: '#/components/schemas/PostEmbed' }] } });
    expect(doc.components.schemas.PostEmbed.required).toContain('id');
    expect(doc.components.schemas.PostEmbed.required).not.toContain('date_gmt');
    expect(Object.keys(list.responses)).toEqual(['200', '400', 'default']);
    const create = doc.paths['/core/v2/posts'].post;
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', 'default']);
    expect(Object.keys(doc.components.schemas)).toContain('Post');
    expect(deref(doc, doc.paths['/core/v2/posts/{id}'].delete.responses['200']).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/DeletedPost' });
    // One response component per answer shape, whatever the number of operations giving it.
    expect(doc.paths['/core/v2/posts/{id}'].get.responses['200']).toEqual({ $ref: '#/components/responses/Post' });
    // A post type with a trash: deleted for good, or the trashed item (issue 29).
    // `previous` of a force delete may be an item that was in the trash.
    expect(doc.components.schemas.DeletedPost.anyOf[0].properties.previous).toEqual({ anyOf: [{ $ref: '#/components/schemas/Post' }, { $ref: '#/components/schemas/TrashedPost' }] });
  });

  it('gives every operation a summary and a security requirement, with the schemes defined', () => {
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        expect(typeof op.summary).toBe('string');
        for (const requirement of op.security ?? (doc as any).security) for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    expect(doc.components.securitySchemes.applicationPassword).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths['/core/v2/posts'].post.security).toEqual([{ applicationPassword: [] }, { sessionCookie: [], nonce: [] }]);
    // Public operations take the document's default: anonymous, or any credentials.
    expect(doc.paths['/core/v2/posts'].get.security).toBeUndefined();
    expect((doc as any).security).toEqual([{}, { applicationPassword: [] }, { sessionCookie: [], nonce: [] }]);
  });
});

describe('OpenAPI document of the real spec', () => {
  it('merges routes differing only by a capture, and lists 503 where no upstream is configured', async () => {
    const { loadSpec } = await import('../../generator/spec/load.ts');
    const { model } = await loadSpec('spec');
    const studio = openApiDocument(model!.deployments.find((d) => d.name === 'studio')!) as Doc;
    expect(studio.paths['/tmpl-library/v1/items/{slug}']).toBeUndefined();
    const byId = studio.paths['/tmpl-library/v1/items/{id}'].get;
    expect(byId.parameters[0].schema.anyOf).toHaveLength(2);
    expect(byId.responses['503']).toEqual({ $ref: '#/components/responses/Error503' });
    const media = studio.components.schemas.Media;
    expect(media.properties.status.enum).toContain('inherit');
    expect(media.properties.post.type).toContain('null');
    expect(media.required).toContain('id');
    expect(media.additionalProperties).toBe(false);
  });

  it('describes each namespace tag with the namespace\'s own description', async () => {
    const { loadSpec } = await import('../../generator/spec/load.ts');
    const { model } = await loadSpec('spec');
    const doc = openApiDocument(model!.deployments.find((d) => d.name === 'studio')!) as Doc & { tags: Array<{ name: string; description: string }> };
    const tag = (name: string) => doc.tags.find((t) => t.name === name)?.description;
    // sitegen-v1.yaml's description; core/v2 spans files and takes core-v2.yaml's; root.yaml's for `root`.
    expect(tag('sitegen/v1')).toBe('The site generator: business details in, AI-assisted descriptions, keywords, images and templates out, then the site imported.');
    expect(tag('core/v2')).toMatch(/^Core content: posts, pages and media/);
    expect(tag('root')).toMatch(/^The discovery document at `\/` and the batch endpoint/);
    expect(doc.tags.every((t) => !t.description.startsWith('Routes of the '))).toBe(true);
  });

  it('names answers after the spec shapes they come from: response shapes and $shape parts, each written once', async () => {
    const { loadSpec } = await import('../../generator/spec/load.ts');
    const { emitTypes } = await import('../../generator/emit/types.ts');
    const { model } = await loadSpec('spec');
    const studio = model!.deployments.find((d) => d.name === 'studio')!;
    const doc = openApiDocument(studio) as Doc;
    // `meta: { properties: { $shape: post-meta } }`, bound to post-meta-theme in studio.
    for (const resource of ['Post', 'Page', 'Media']) expect(doc.components.schemas[resource].properties.meta.$ref).toBe('#/components/schemas/PostMetaTheme');
    expect(Object.keys(doc.components.schemas.PostMetaTheme.properties)).toContain('_builder_data');
    // Writes take the part as one `<Shape>Input` component: the answer's part is wider than what a
    // write may send (an enum key answers '' before a value is stored, an empty object answers []).
    for (const body of ['CreatePostRequest', 'CreatePageRequest', 'UpdateMediaRequest']) expect(doc.components.schemas[body]?.properties.meta.$ref).toBe('#/components/schemas/PostMetaThemeInput');
    // No copy of the post meta keys under a name found by content (Meta, Meta2...).
    const copies = Object.entries(doc.components.schemas).filter(([name, schema]) => !['PostMetaTheme', 'PostMetaThemeInput'].includes(name) && schema.properties?._builder_data !== undefined);
    expect(copies.map(([name]) => name)).toEqual([]);
    // `response: { shape: form }` names the component; a shape pulled in by `$shape` inside it too.
    const getForm = doc.paths['/formsuite/v1/forms/{id}'].get;
    expect(deref(doc, deref(doc, getForm.responses['200']).content['application/json'].schema).required).toEqual(expect.arrayContaining(['id', 'title', 'fields', 'settings']));
    expect(deref(doc, getForm.responses['200']).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Form' });
    expect(doc.components.schemas.PagesSearch.properties.pages.items).toEqual({ $ref: '#/components/schemas/PageLink' });
    // A media answer is text of its type; a create answers 201, a batch 207.
    expect(Object.keys(deref(doc, doc.paths['/formsuite/v1/entries/export'].post.responses['200']).content)).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/formsuite/v1/create-new-form'].post.responses)).toContain('201');
    expect(Object.keys(doc.paths['/batch/v1'].post.responses)).toContain('207');
    // types.ts: one interface per shape, which the others name.
    const [types] = await emitTypes(studio);
    for (const name of ['PostMetaTheme', 'Form', 'PageLink']) expect(types!.content.match(new RegExp(`^export interface ${name} \\{`, 'gm'))).toHaveLength(1);
    expect(types!.content).toMatch(/\bmeta\??: PostMetaTheme\b/);
  });
});
