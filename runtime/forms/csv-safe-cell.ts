/**
 * A CSV cell that a spreadsheet will not run as a formula. Entries are typed by anonymous
 * visitors and opened by administrators in Excel or LibreOffice, which evaluate a cell that
 * starts with `=`, `+`, `-` or `@` (and, through some importers, tab or carriage return); a
 * leading apostrophe makes the spreadsheet show the text as typed (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvSafeCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
