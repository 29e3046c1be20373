/** runtime/cache/registry: caches register how to empty themselves; clearing reaches the named ones. */
import { describe, expect, it } from 'vitest';
import { clearCaches, registerCache, registeredCaches } from '../../runtime/cache/registry.ts';
import { openDatabase } from '../../runtime/store/open-database.ts';

describe('cache registry', () => {
  it('clears all or only the named caches, and forgets an unregistered one', async () => {
    const { db, close } = await openDatabase(':memory:');
    const emptied: string[] = [];
    const offA = registerCache('a', () => void emptied.push('a'));
    const offB = registerCache('b', async () => void emptied.push('b'));
    expect(await clearCaches(db, ['b', 'nope'])).toEqual(['b']);
    expect(emptied).toEqual(['b']);
    expect(await clearCaches(db)).toEqual(expect.arrayContaining(['a', 'b']));
    offA();
    expect(registeredCaches()).not.toContain('a');
    offB();
    await close();
  });
});
