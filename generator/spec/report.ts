/**
 * Diagnostics in the three forms a run can print: text lines (`file:line:col severity code:
 * message`, what editors and terminals link), JSON (scripts), and SARIF 2.1.0 (code-scanning
 * tools such as GitHub's, which show each result at its line).
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { DIAGNOSTICS, formatDiagnostic, type Diagnostic } from './diagnostics.ts';
import { SPECPRESS_VERSION } from '../version.ts';

export const DIAGNOSTIC_FORMATS = ['text', 'json', 'sarif'] as const;
export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number];

export function isDiagnosticFormat(value: string): value is DiagnosticFormat {
  return (DIAGNOSTIC_FORMATS as readonly string[]).includes(value);
}

/** The report of a run's diagnostics in the given format ('' for text with nothing to say). */
export function renderDiagnostics(diagnostics: Diagnostic[], format: DiagnosticFormat): string {
  if (format === 'text') return diagnostics.map(formatDiagnostic).join('\n');
  if (format === 'json') {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    return JSON.stringify({ errors, warnings: diagnostics.length - errors, diagnostics }, null, 2);
  }
  return JSON.stringify(toSarif(diagnostics), null, 2);
}

/** Every registered diagnostic kind as a SARIF rule (id = code), so results can point at them. */
function rules(): ReportingDescriptor[] {
  return Object.entries(DIAGNOSTICS)
    .map(([name, kind]) => ({
      id: kind.code,
      name,
      shortDescription: { text: kind.template.split(';')[0].replace(/\{\w+\}/g, '…') },
      defaultConfiguration: { level: kind.severity },
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export function toSarif(diagnostics: Diagnostic[]): Log {
  const ruleList = rules();
  const results: Result[] = diagnostics.map((d) => ({
    ruleId: d.code,
    ruleIndex: ruleList.findIndex((r) => r.id === d.code),
    level: d.severity,
    message: { text: d.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: d.file }, region: { startLine: d.line, startColumn: d.col } } }],
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'specpress', version: SPECPRESS_VERSION, rules: ruleList } }, results }],
  };
}
