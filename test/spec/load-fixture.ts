/** Loads a fixture spec folder of test/spec/fixtures and formats its diagnostics as the CLI prints them. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';

export const FIXTURES = path.relative(process.cwd(), fileURLToPath(new URL('./fixtures', import.meta.url))).split(path.sep).join('/');

export async function loadFixture(name: string) {
  const result = await loadSpec(`${FIXTURES}/${name}`);
  return { ...result, lines: result.diagnostics.map(formatDiagnostic) };
}

/** The formatted diagnostics of one code: most tests pin exactly those. */
export function withCode(lines: string[], code: string): string[] {
  return lines.filter((l) => l.includes(` ${code}: `));
}
