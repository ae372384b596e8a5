import { rename, writeFile } from 'node:fs/promises';

export type OutRow = Record<string, string>;

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Our CSV shape, as the files in open-data/ were first written: a header row, fields quoted only
 * where needed, CRLF line ends (so a refresh's diff shows only the rows that changed).
 */
export function toCsv(columns: readonly string[], rows: readonly OutRow[]): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((column) => field(row[column] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Written beside the target, then renamed over it, so a reader never sees half a file. */
export async function writeCsvFile(
  path: string,
  columns: readonly string[],
  rows: readonly OutRow[],
) {
  await writeFile(`${path}.partial`, toCsv(columns, rows));
  await rename(`${path}.partial`, path);
}

export const coordinate = (value: number) => value.toFixed(5);
