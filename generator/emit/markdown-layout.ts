/**
 * Markdown tables laid out as prettier lays them out (with `proseWrap: preserve`): each column
 * as wide as its widest cell, cells padded with spaces, the delimiter row all dashes, however wide
 * the table. The rule was read off prettier; laid-out-pieces.test.ts holds it to it. Only cells of
 * printable ASCII without a backslash or two spaces in a row are laid out (a wide character counts
 * two columns to prettier, an escaped pipe is text, spaces in text are one to it): undefined
 * otherwise, and prettier formats the document.
 */

/** A row of a table: `| a | b |`. */
const ROW = /^\|(.*)\|$/;
/** The delimiter row under a table's header: `|---|---|` (no alignment colons). */
const DELIMITER = /^\|(?:\s*-+\s*\|)+$/;
const PLAIN_CELL = /^[\x20-\x7e]*$/;

/** The document with every table aligned; undefined when a table has a cell this does not lay out. */
export function withAlignedTables(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!ROW.test(lines[i]!) || !DELIMITER.test(lines[i + 1] ?? '')) {
      out.push(lines[i]!);
      continue;
    }
    let end = i + 2;
    while (end < lines.length && ROW.test(lines[end]!)) end++;
    const table = alignedTable(lines.slice(i, end));
    if (table === undefined) return undefined;
    out.push(...table);
    i = end - 1;
  }
  return out.join('\n');
}

function alignedTable(lines: string[]): string[] | undefined {
  const rows = lines.map((line) => ROW.exec(line)![1]!.split('|').map((cell) => cell.trim()));
  const columns = rows[0]!.length;
  if (rows.some((row) => row.length !== columns)) return undefined;
  if (rows.some((row) => row.some((cell) => !PLAIN_CELL.test(cell) || cell.includes('\\') || cell.includes('  ')))) return undefined;
  const body = [rows[0]!, ...rows.slice(2)];
  // A column is at least three wide: its delimiter is `---`.
  const widths = rows[0]!.map((_cell, c) => Math.max(3, ...body.map((row) => row[c]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(2).map(line)];
}
