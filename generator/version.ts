/** specpress's version, read once from its package.json (the one source of it). */
import { readFileSync } from 'node:fs';

export const SPECPRESS_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
