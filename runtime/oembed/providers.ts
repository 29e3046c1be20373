/**
 * The registry of known oEmbed providers, from the deployment's catalog `oembed-providers`
 * (spec/data/oembed-providers.yaml): each item has an `endpoint` and URL `schemes` in the
 * oEmbed specification's notation, where `*` stands for any run of characters and an
 * `https://` scheme also accepts the same address over `http://`.
 */
import type { App } from '../rest/types.ts';

export interface Provider {
  id: string;
  name: string;
  endpoint: string;
  schemes: string[];
}

function schemeToRegExp(scheme: string): RegExp {
  const rest = scheme.replace(/^https?:\/\//i, '');
  const slash = rest.indexOf('/');
  const [host, path] = slash < 0 ? [rest, ''] : [rest.slice(0, slash), rest.slice(slash)];
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // In the host a `*` is one run of subdomain characters; in the path, anything.
  const hostRe = host.split('*').map(escape).join('[^/]*');
  const pathRe = path.split('*').map(escape).join('.*');
  return new RegExp(`^https?://${hostRe}${pathRe}$`, 'i');
}

export function providersOf(app: Pick<App, 'deployment'>): Provider[] {
  const catalog = app.deployment.catalogs?.['oembed-providers'] as { items?: unknown } | unknown[] | undefined;
  const items = Array.isArray(catalog) ? catalog : Array.isArray((catalog as { items?: unknown })?.items) ? (catalog as { items: unknown[] }).items : [];
  return items
    .filter((i): i is Provider => !!i && typeof (i as Provider).endpoint === 'string' && Array.isArray((i as Provider).schemes))
    .map((i) => ({ id: String(i.id ?? i.name), name: String(i.name ?? i.id), endpoint: i.endpoint, schemes: i.schemes.map(String) }));
}

/** The first provider one of whose schemes matches `url`. */
export function findProvider(providers: Provider[], url: string): Provider | undefined {
  return providers.find((p) => p.schemes.some((s) => schemeToRegExp(s).test(url)));
}
