import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../generator/emit/openapi.ts';
import { smallModel } from './fixtures/small-model.ts';

type Doc = { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

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

  it('puts GET params in the query and write params in a JSON body', () => {
    const list = doc.paths['/core/v2/posts'].get;
    expect(list.parameters.find((p: { name: string }) => p.name === 'per_page').schema).toEqual({ description: 'Maximum number of items to be returned.', type: 'integer', default: 10, minimum: 1, maximum: 100 });
    const create = doc.paths['/core/v2/posts'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['title']);
  });

  it('refers responses to resource schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/core/v2/posts'].get.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Post' } });
    expect(Object.keys(doc.components.schemas)).toEqual(['Error', 'Post']);
  });
});
