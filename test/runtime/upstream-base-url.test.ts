/** runtime/upstream/base-url: where a service's base URL comes from, first found wins. */
import { afterEach, describe, expect, it } from 'vitest';
import { upstreamBaseUrl, upstreamEnvName } from '../../runtime/upstream/base-url.ts';
import type { App } from '../../runtime/rest/types.ts';

const appWith = (config: Record<string, string>, settings: Record<string, string> | undefined) =>
  ({ config: { upstreams: config }, deployment: { settings: settings ? { upstreams: settings } : {} } }) as unknown as App;

afterEach(() => {
  delete process.env[upstreamEnvName('demo_url')];
});

describe('upstream base URL', () => {
  it('takes the server config, then the environment, then the deployment settings; trailing slashes dropped', () => {
    expect(upstreamEnvName('demo_url')).toBe('SPECPRESS_UPSTREAM_DEMO_URL');
    expect(upstreamBaseUrl(appWith({}, undefined), 'demo_url')).toBeUndefined();
    expect(upstreamBaseUrl(appWith({}, { demo_url: 'http://settings.test/api/' }), 'demo_url')).toBe('http://settings.test/api');
    process.env[upstreamEnvName('demo_url')] = 'http://env.test';
    expect(upstreamBaseUrl(appWith({}, { demo_url: 'http://settings.test' }), 'demo_url')).toBe('http://env.test');
    expect(upstreamBaseUrl(appWith({ demo_url: 'http://config.test//' }, { demo_url: 'http://settings.test' }), 'demo_url')).toBe('http://config.test');
  });
});
