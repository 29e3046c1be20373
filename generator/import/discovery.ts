/**
 * A WordPress discovery document (`GET /wp-json/`): read from an address or a file, and the
 * parts of it the importer and `specpress diff` use.
 */
import { readFile } from 'node:fs/promises';

export interface DiscoveryEndpoint {
  methods: string[];
  args?: Record<string, unknown> | unknown[];
  allow_batch?: { v1?: boolean };
}

export interface DiscoveryRoute {
  namespace: string;
  methods?: string[];
  endpoints: DiscoveryEndpoint[];
}

export interface DiscoveryDocument {
  namespaces?: string[];
  routes: Record<string, DiscoveryRoute>;
}

/** Bytes read at most from a discovery source: a full WordPress index is a few MiB. */
const MAX_DISCOVERY_BYTES = 64 * 1024 * 1024;

/** Reads a discovery document from an `http(s)://` address or a file path. */
export async function readDiscovery(source: string): Promise<DiscoveryDocument> {
  let text: string;
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new Error(`${source} answered ${res.status} ${res.statusText}; give the address of a WordPress REST index, e.g. https://example.org/wp-json/`);
    text = await res.text();
  } else {
    text = await readFile(source, 'utf8');
  }
  if (text.length > MAX_DISCOVERY_BYTES) throw new Error(`${source} is larger than ${MAX_DISCOVERY_BYTES} bytes; not a discovery document`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON (${(error as Error).message}); give a WordPress REST index (/wp-json/)`);
  }
  const routes = (doc as { routes?: unknown } | null)?.routes;
  if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) throw new Error(`${source} has no \`routes\` map; give a WordPress REST index (/wp-json/)`);
  return doc as DiscoveryDocument;
}

/** Endpoint args as a map (PHP prints an empty map as `[]`). */
export function argsOf(endpoint: DiscoveryEndpoint): Record<string, unknown> {
  return Array.isArray(endpoint.args) || endpoint.args === undefined ? {} : endpoint.args;
}
