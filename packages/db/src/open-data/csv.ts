import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

export type CsvRow = Record<string, string>;

/** Streams a CSV file with a header row as one object per row, keyed by column name. */
export async function* readCsv(path: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(path).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }),
  );
  for await (const row of parser) yield row as CsvRow;
}
