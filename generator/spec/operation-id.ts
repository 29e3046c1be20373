/**
 * Operation ids derived when the spec does not write one (FORMAT.md): camelCase of the
 * namespace words, the method word and the path words, captures dropped.
 */
import type { HttpMethod } from '../../contract/model.ts';

const METHOD_WORD: Record<HttpMethod, string> = { GET: 'get', POST: 'post', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

export function deriveOperationId(namespace: string, routePath: string, methods: HttpMethod[]): string {
  return camelCase([...words(namespace), ...methodWords(methods), ...words(routePath.replace(/<[^>]*>/g, ''))]);
}

/** `GET /<namespace>`: the implicit index route, e.g. `coreV2Index`. */
export function deriveIndexOperationId(namespace: string): string {
  return camelCase([...words(namespace), 'index']);
}

function methodWords(methods: HttpMethod[]): string[] {
  if (methods.includes('PUT') || methods.includes('PATCH')) return ['update'];
  return [...new Set(methods.map((m) => METHOD_WORD[m]))];
}

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

function camelCase(parts: string[]): string {
  return parts
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}
