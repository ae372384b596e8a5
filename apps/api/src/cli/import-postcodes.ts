import { createReadStream } from 'node:fs';
import type { Database } from '@locals/db/client';
import { upsertPostcodes, type PostcodeRow } from '@locals/db/open-data/load';
import { parse } from 'csv-parse';
import { isCodePointHeader, postcodeFromCodePoint } from './codepoint';
import { createImportReport, reject, type ImportReport } from './import-report';
import { isOnspdHeader, postcodeFromOnspd, type Parsed } from './onspd';

export type PostcodeFileFormat = 'onspd' | 'codepoint';

/**
 * Imports unit postcodes from an ONS Postcode Directory / NSPL CSV (header with pcds, lat, long)
 * or a Code-Point Open CSV (no header; eastings and northings). Upserts by postcode.
 */
export async function importPostcodes(
  database: Database,
  file: string,
): Promise<ImportReport & { format: PostcodeFileFormat }> {
  const report = createImportReport();
  let format: PostcodeFileFormat | undefined;

  async function* accepted(): AsyncGenerator<PostcodeRow> {
    let header: string[] | undefined;
    let rowNumber = 0;
    const parser = createReadStream(file).pipe(
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
    );
    for await (const fields of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (!format) {
        format = isOnspdHeader(fields) ? 'onspd' : 'codepoint';
        if (format === 'onspd') header = fields.map((field) => field.trim().toLowerCase());
        if (format === 'onspd' || isCodePointHeader(fields)) continue;
      }
      const result: Parsed<PostcodeRow> = header
        ? postcodeFromOnspd(
            Object.fromEntries(header.map((name, index) => [name, fields[index] ?? ''])),
          )
        : postcodeFromCodePoint(fields);
      if ('row' in result) yield result.row;
      else reject(report, rowNumber, result.rejected);
    }
  }

  report.accepted = await upsertPostcodes(database, accepted());
  return { ...report, format: format ?? 'codepoint' };
}
