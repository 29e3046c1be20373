/** Where a service lives: server config, then `SPECPRESS_UPSTREAM_<SETTING>`, then the deployment's settings. */
import type { App } from '../rest/types.ts';

export function upstreamEnvName(setting: string): string {
  return `SPECPRESS_UPSTREAM_${setting.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export function upstreamBaseUrl(app: App, setting: string): string | undefined {
  const fromSettings = (app.deployment.settings?.upstreams as Record<string, string> | undefined)?.[setting];
  const url = app.config.upstreams[setting] ?? process.env[upstreamEnvName(setting)] ?? fromSettings;
  return url ? url.replace(/\/+$/, '') : undefined;
}
