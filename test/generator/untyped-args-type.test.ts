/**
 * An arg the spec declares without a type (a description, or a default only, as WordPress
 * declares oEmbed's `maxwidth`) is not coerced or checked by the server: a value arrives as the
 * client sent it. Its generated type is therefore `unknown`, not the object of any keys
 * json-schema-to-typescript reads such a schema as, nor the type of its default.
 */
import { describe, expect, it } from 'vitest';
import { emitTypes } from '../../generator/emit/types.ts';
import { smallModel } from './fixtures/small-model.ts';

describe('the generated type of an untyped arg', () => {
  it('is unknown, while typed args keep their types', async () => {
    const model = smallModel();
    const deployment = model.deployments[0]!;
    const posts = deployment.routes.find((r) => r.path === '/core/v2/posts')!;
    posts.endpoints.push({
      operationId: 'corePostsMark',
      methods: ['PUT'],
      argsMode: 'declared',
      allowBatch: false,
      permission: { kind: 'public' },
      handler: 'custom',
      args: {
        ids: { description: 'Items to mark: a list, a map or a comma-separated string.', required: true },
        width: { default: 600 },
        label: { type: 'string' },
      },
    });
    const [types] = await emitTypes(deployment);
    // Unformatted here (prettier runs when the files are written): one member a line, `;` optional.
    const input = /export type CorePostsMarkInput = \{[\s\S]*?\n\};/.exec(types!.content)?.[0] ?? '';
    expect(input).toMatch(/^\s*ids: unknown;?$/m);
    expect(input).toMatch(/^\s*width\?: unknown;?$/m);
    expect(input).toMatch(/^\s*label\?: string;?$/m);
    expect(input).not.toContain('[k: string]');
    // A typed arg elsewhere is untouched.
    expect(types!.content).toMatch(/export type CorePostsCreateInput = \{[^}]*\btitle: string\b/);
  });
});
