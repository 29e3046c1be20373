/** runtime/cache/registry: caches register how to empty themselves; clearing reaches the named ones. */
import { describe, expect, it } from 'vitest';
import { clearCaches, registerCache, registeredCaches } from '../../runtime/cache/registry.ts';

describe('cache registry', () => {
  it('clears all or only the named caches, and forgets an unregistered one', async () => {
    const emptied: string[] = [];
    const offA = registerCache('a', () => void emptied.push('a'));
    const offB = registerCache('b', async () => void emptied.push('b'));
    expect(await clearCaches(['b', 'nope'])).toEqual(['b']);
    expect(emptied).toEqual(['b']);
    expect(await clearCaches()).toEqual(expect.arrayContaining(['a', 'b']));
    offA();
    expect(registeredCaches()).not.toContain('a');
    offB();
  });
});
