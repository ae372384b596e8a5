import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';

export type CsvRow = Record<string, string>;

/** Streams a CSV file with a header row as one object per row, keyed by column name. */
export async function* readCsv(path: string): AsyncGenerator<CsvRow> {
  const parser = parse({
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
  });
  // Not .pipe(): it does not pass on a read error (a missing file), so the parser would wait for
  // rows forever. pipeline() destroys the parser with the error, which the loop below throws.
  pipeline(createReadStream(path), parser, () => {});
  for await (const row of parser) yield row as CsvRow;
}

/** Parses CSV text with no header row (the NHS ODS files) into rows of fields. */
export function parseHeaderlessCsv(text: string): string[][] {
  return parseSync(text, { relax_column_count: true, skip_empty_lines: true, bom: true });
}
