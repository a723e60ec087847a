// CSV for spreadsheets (RFC 4180): UTF-8 with a byte-order mark (so that Excel reads the Chinese),
// CRLF line ends, fields quoted when they hold a quote, comma or line break. A text cell that a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed
// with an apostrophe. Numbers are written by us, never taken from input, so a negative amount
// stays a number.
export type CsvCell = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvCell;
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvField(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))));
  return BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
