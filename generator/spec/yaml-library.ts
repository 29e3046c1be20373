/**
 * The yaml library, loaded when first used. A clean load reads every file with js-yaml and parses
 * no yaml document (parse-file.ts), so yaml's modules (a large part of a cold load's module time)
 * are loaded only by a run that reports a position, or reads a file the quick reading declines.
 */
import { createRequire } from 'node:module';

let library: typeof import('yaml') | undefined;

export function yaml(): typeof import('yaml') {
  return (library ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
}
