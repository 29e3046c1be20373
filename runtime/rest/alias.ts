/**
 * Deployment aliases (core/v2 also served as wp/v2): match-route.ts finds the route under its
 * real name; descriptions answered through the alias (namespace index, OPTIONS) speak the
 * alias's name, so a WordPress client that asked for wp/v2 reads wp/v2 back.
 */
import type { App } from './types.ts';

export type Alias = { from: string; to: string };

/** The alias a request path used, if any. */
export function aliasUsed(app: Pick<App, 'deployment'>, route: string): Alias | undefined {
  const path = route.toLowerCase();
  return (app.deployment.aliases ?? []).find(({ to }) => path === `/${to.toLowerCase()}` || path.startsWith(`/${to.toLowerCase()}/`));
}

/** Rewrites the real namespace to the alias in keys and strings of a description. */
export function speakAlias<T>(value: T, alias: Alias | undefined): T {
  if (!alias) return value;
  const rename = (s: string) => (s === alias.from ? alias.to : s.split(`/${alias.from}/`).join(`/${alias.to}/`).replace(new RegExp(`/${escape(alias.from)}$`), `/${alias.to}`));
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rename(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, c]) => [rename(k), walk(c)]));
    return v;
  };
  return walk(value) as T;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
