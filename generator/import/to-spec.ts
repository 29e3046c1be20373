/**
 * Spec files from a discovery document: one namespace file per namespace (routes, captures,
 * methods, args), shape files for arg sets that several endpoints share, and (for a new spec) a
 * default deployment and site file. Every endpoint gets `handler: custom`, so it answers 501 until
 * someone writes its body: discovery says what a route takes, never what it does or who may call it.
 */
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { HttpMethod } from '../../contract/model.ts';
import { deriveOperationId } from '../spec/operation-id.ts';
import { argsOf, type DiscoveryDocument } from './discovery.ts';

export interface ImportOptions {
  /** Namespaces to import (the root routes, `/batch/v1`, are namespace ''); all when absent. */
  namespaces?: string[];
  /** Write a deployment file with this name (for a new spec). */
  deployment?: string;
  /** Arg sets shared by at least this many endpoints become shapes (default 2). */
  shapeThreshold?: number;
}

export interface ImportResult {
  /** Path relative to the spec folder -> YAML text. */
  files: Map<string, string>;
  /** Things the importer could not express, one line each. */
  notes: string[];
  routes: number;
  endpoints: number;
  shapes: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Keywords an arg descriptor may have in the spec (spec.schema.json's `descriptor`). */
const DESCRIPTOR_KEYS: Set<string> = (() => {
  const schema = JSON.parse(readFileSync(new URL('../../spec/spec.schema.json', import.meta.url), 'utf8')) as { $defs: { descriptor: { properties: Record<string, unknown> } } };
  return new Set(Object.keys(schema.$defs.descriptor.properties));
})();

/** `/wp/v2/posts/(?P<id>[\d]+)` -> `/posts/<id>` with its captures; undefined when not expressible. */
export function specPath(pattern: string, namespace: string): { path: string; captures: Record<string, string> } | undefined {
  const captures: Record<string, string> = {};
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const start = pattern.startsWith('(?P<', i) ? i : -1;
    if (start === -1) {
      out += pattern[i];
      i++;
      continue;
    }
    const nameEnd = pattern.indexOf('>', i + 4);
    const name = pattern.slice(i + 4, nameEnd);
    let depth = 1;
    let j = nameEnd + 1;
    for (; j < pattern.length && depth > 0; j++) {
      const c = pattern[j];
      if (c === '\\') j++;
      else if (c === '[') {
        // A character class may hold parentheses: skip to its end.
        for (j++; j < pattern.length && pattern[j] !== ']'; j++) if (pattern[j] === '\\') j++;
      } else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (depth !== 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return undefined;
    captures[name] = pattern.slice(nameEnd + 1, j - 1);
    out += `<${name}>`;
    i = j;
  }
  if (/[()[\]?*+\\^$|]/.test(out)) return undefined;
  const prefix = namespace === '' ? '' : `/${namespace}`;
  if (!out.startsWith(prefix)) return undefined;
  return { path: out.slice(prefix.length), captures };
}

/** A discovery descriptor as a spec descriptor: keywords the spec knows, PHP's `[]` maps as maps. */
function cleanDescriptor(value: unknown, topLevel: boolean, dropped: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!DESCRIPTOR_KEYS.has(key)) {
      dropped.add(key);
      continue;
    }
    // Every top-level arg of the discovery says `required`; false is the spec's default.
    if (topLevel && key === 'required' && v === false) continue;
    if (key === 'properties') {
      const props = Array.isArray(v) ? {} : (v as Record<string, unknown>);
      out.properties = Object.fromEntries(Object.entries(props).map(([name, p]) => [name, cleanDescriptor(p, false, dropped)]));
    } else if (key === 'items' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      out.items = cleanDescriptor(v, false, dropped);
    } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(v)) {
      out[key] = v.map((b) => cleanDescriptor(b, false, dropped));
    } else if (key === 'enum' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      // PHP prints a list with holes (after array_filter) as a map; the spec writes the list.
      out.enum = Object.values(v);
      dropped.add('enum written as a map (imported as the list of its values)');
    } else if (key === 'additionalProperties' && typeof v === 'object' && v !== null) {
      out.additionalProperties = cleanDescriptor(v, false, dropped);
    } else {
      out[key] = v;
    }
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  // PHP prints an empty map default as `[]`; the spec writes `{}` (and the server prints `[]` again).
  if (types.includes('object') && !types.includes('array') && Array.isArray(out.default) && out.default.length === 0) out.default = {};
  if (Array.isArray(out.enum) && out.default !== undefined && !out.enum.some((e) => JSON.stringify(e) === JSON.stringify(out.default))) {
    // The spec refuses a default its own enum rejects (WordPress publishes some): leave it out.
    dropped.add(`default ${JSON.stringify(out.default)} outside its enum ${JSON.stringify(out.enum)} (left out)`);
    delete out.default;
  }
  return out;
}

const slug = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
const yaml = (doc: unknown): string => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });

export function importDiscovery(doc: DiscoveryDocument, options: ImportOptions = {}): ImportResult {
  const notes: string[] = [];
  const dropped = new Set<string>();
  const wanted = options.namespaces;
  type Endpoint = { methods: HttpMethod[]; args: Record<string, unknown>; allowBatch: boolean };
  type Route = { namespace: string; path: string; captures: Record<string, string>; endpoints: Endpoint[] };
  const routes: Route[] = [];
  for (const [pattern, route] of Object.entries(doc.routes)) {
    const namespace = route.namespace ?? '';
    if (wanted && !wanted.includes(namespace)) continue;
    // The namespace's own index route is implicit in the spec.
    if (namespace !== '' && (pattern === `/${namespace}` || pattern === `/${namespace}/`)) continue;
    const converted = specPath(pattern, namespace);
    if (converted === undefined) {
      notes.push(`route ${pattern}: its pattern is not a path with named captures; not imported`);
      continue;
    }
    const endpoints: Endpoint[] = [];
    for (const e of route.endpoints ?? []) {
      const methods = e.methods.filter((m) => METHODS.has(m)) as HttpMethod[];
      if (methods.length === 0) continue;
      const args = Object.fromEntries(Object.entries(argsOf(e)).map(([name, d]) => [name, cleanDescriptor(d, true, dropped)]));
      endpoints.push({ methods, args, allowBatch: e.allow_batch?.v1 === true });
    }
    if (endpoints.length > 0) routes.push({ namespace, ...converted, endpoints });
  }
  if (dropped.size > 0) notes.push(`not imported as written: ${[...dropped].sort().join('; ')}`);

  // Arg sets written out by several endpoints become shapes, named after their first user.
  const threshold = options.shapeThreshold ?? 2;
  const uses = new Map<string, number>();
  const key = (args: Record<string, unknown>): string => JSON.stringify(args);
  for (const r of routes) for (const e of r.endpoints) if (Object.keys(e.args).length >= 2) uses.set(key(e.args), (uses.get(key(e.args)) ?? 0) + 1);
  const shapeNames = new Map<string, string>();
  const files = new Map<string, string>();
  for (const r of routes) {
    for (const e of r.endpoints) {
      const k = key(e.args);
      if ((uses.get(k) ?? 0) < threshold || shapeNames.has(k)) continue;
      let name = slug(`${r.namespace}-${r.path.replace(/<[^>]*>/g, '')}-${e.methods[0]}-args`);
      for (let n = 2; [...shapeNames.values()].includes(name); n++) name = `${slug(`${r.namespace}-${r.path.replace(/<[^>]*>/g, '')}-${e.methods[0]}-args`)}-${n}`;
      shapeNames.set(k, name);
      files.set(`shapes/${name}.yaml`, yaml({ shape: name, description: `Args shared by ${uses.get(k)} endpoints (imported).`, args: e.args }));
    }
  }

  // Operation ids derived by the loader must be unique: write one where two would collide.
  const derived = new Map<string, number>();
  for (const r of routes) for (const e of r.endpoints) {
    const id = deriveOperationId(r.namespace, r.path, e.methods);
    derived.set(id, (derived.get(id) ?? 0) + 1);
  }
  const given = new Map<string, number>();
  const namespaces = [...new Set(routes.map((r) => r.namespace))];
  let endpointCount = 0;
  for (const ns of namespaces) {
    const body: Record<string, unknown> = {};
    for (const r of routes.filter((x) => x.namespace === ns)) {
      body[r.path === '' ? '/' : r.path] = {
        ...(Object.keys(r.captures).length > 0 ? { captures: r.captures } : {}),
        endpoints: r.endpoints.map((e) => {
          endpointCount++;
          const id = deriveOperationId(r.namespace, r.path, e.methods);
          const out: Record<string, unknown> = { methods: e.methods };
          // The site index keeps the name the project's own handler for it has.
          if (r.namespace === '' && r.path === '/') {
            // WordPress's index is public on every site.
            out.operationId = 'getIndex';
            out.permission = 'public';
          }
          else if ((derived.get(id) ?? 0) > 1) {
            const n = (given.get(id) ?? 0) + 1;
            given.set(id, n);
            out.operationId = `${id}${n}`;
          }
          const shape = shapeNames.get(key(e.args));
          const permission = out.permission;
          delete out.permission;
          out.args = shape ? { $use: [shape] } : Object.keys(e.args).length > 0 ? e.args : 'none';
          if (permission !== undefined) out.permission = permission;
          if (e.allowBatch) out.allowBatch = true;
          out.handler = 'custom';
          return out;
        }),
      };
    }
    const file = {
      namespace: ns,
      description: `Imported from a WordPress discovery document.`,
      // Discovery does not say who may call a route: the strictest common capability until someone decides.
      permission: { capability: 'manage_options' },
      routes: body,
    };
    files.set(`namespaces/${ns === '' ? 'root' : ns.replace(/\//g, '-')}.yaml`, yaml(file));
  }
  if (options.deployment) {
    files.set(`deployments/${options.deployment}.yaml`, yaml({ deployment: options.deployment, description: 'Imported from a WordPress discovery document', default: true }));
  }
  return { files, notes, routes: routes.length, endpoints: endpointCount, shapes: shapeNames.size };
}
