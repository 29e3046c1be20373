/**
 * Which routes get "another object" permission cases, and as whom: only routes acting on one
 * object whose rights are per object, tried by the lowest role that may edit its own items of
 * the type and not another's (none for pages: no default role edits only its own pages).
 */
import { describe, expect, it } from 'vitest';
import { otherObjectCases } from '../../generator/emit/other-object-tests.ts';
import { deploymentModel } from '../content/content-server.ts';

describe('the generated "another object" cases', () => {
  it('cover posts, media, revisions, autosaves and accounts of studio, each method once', async () => {
    const cases = otherObjectCases(await deploymentModel('studio'));
    const key = (c: (typeof cases)[number]) => `${c.method} ${c.path} ${c.role}`;
    const keys = cases.map(key);
    expect(keys).toContain('POST /core/v2/posts/<id> author');
    expect(keys).toContain('DELETE /core/v2/posts/<parent>/revisions/<id> author');
    expect(keys).toContain('POST /core/v2/media/<id> author');
    expect(keys).toContain('POST /core/v2/users/<id> subscriber');
    expect(keys).toContain('POST /core/v2/users/me subscriber');
    expect(keys.filter((k) => k.includes('/pages/'))).toEqual([]);
    expect(keys.filter((k) => k.includes('/categories/'))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ask each write to change something the snapshot would show, with valid values', async () => {
    const cases = otherObjectCases(await deploymentModel('studio'));
    const post = cases.find((c) => c.method === 'POST' && c.path === '/core/v2/posts/<id>')!;
    expect(post.params.title).toBe('Changed through another object');
    const me = cases.find((c) => c.method === 'POST' && c.path === '/core/v2/users/me')!;
    expect(me.params).toMatchObject({ password: expect.any(String), description: expect.any(String) });
    const edit = cases.find((c) => c.path === '/core/v2/media/<id>/edit')!;
    expect(typeof edit.params.title).toBe('object');
    expect(cases.find((c) => c.method === 'DELETE' && c.path === '/core/v2/users/<id>')!.params).toMatchObject({ force: true, reassign: false });
  });
});
