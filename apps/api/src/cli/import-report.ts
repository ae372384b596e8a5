/** Accepted and rejected rows of one import, rejections grouped by reason. */
export type ImportReport = {
  accepted: number;
  rejected: Map<string, number[]>;
  /**
   * Rows kept without a value that could not be kept, such as a javascript: website (decision 029).
   */
  warnings: Map<string, number[]>;
  /** What the run read, when that is more than a file: a feed's changes, a resumed run. */
  notes: string[];
};

const ROWS_SHOWN = 5;

export function createImportReport(): ImportReport {
  return { accepted: 0, rejected: new Map(), warnings: new Map(), notes: [] };
}

/** Reasons may quote a value from the file: kept short, and free of terminal control codes. */
const MAX_REASON_LENGTH = 120;

/** A value from the file as a report may quote it: one short line a terminal prints as is. */
export function printable(text: string, maxLength = MAX_REASON_LENGTH): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return line.length > maxLength ? `${line.slice(0, maxLength - 3)}...` : line;
}

export function reject(report: ImportReport, row: number, rawReason: string): void {
  noteRow(report.rejected, row, rawReason);
}

/** A row kept, but not all of it. */
export function warn(report: ImportReport, row: number, rawReason: string): void {
  noteRow(report.warnings, row, rawReason);
}

function noteRow(reasons: Map<string, number[]>, row: number, rawReason: string): void {
  const reason = printable(rawReason);
  const rows = reasons.get(reason) ?? [];
  rows.push(row);
  reasons.set(reason, rows);
}

export function rejectedCount(report: ImportReport): number {
  return [...report.rejected.values()].reduce((sum, rows) => sum + rows.length, 0);
}

/** What a person running the import reads: counts, then each reason with its first few rows. */
export function formatImportReport(title: string, report: ImportReport): string {
  const lines = [
    title,
    ...report.notes.map((note) => `  ${note}`),
    `  accepted: ${report.accepted}`,
    `  rejected: ${rejectedCount(report)}`,
  ];
  lines.push(...reasonLines(report.rejected));
  if (report.warnings.size > 0) {
    lines.push('  kept, with a value dropped:', ...reasonLines(report.warnings));
  }
  return lines.join('\n');
}

function reasonLines(reasons: Map<string, number[]>): string[] {
  return [...reasons.entries()]
    .sort((a, b) => b[1].length - a[1].length || (a[1][0] ?? 0) - (b[1][0] ?? 0))
    .map(([reason, rows]) => {
      const shown = rows.slice(0, ROWS_SHOWN).join(', ');
      const more = rows.length > ROWS_SHOWN ? `, ... ${rows.length - ROWS_SHOWN} more` : '';
      return `    ${rows.length} x ${reason} (row${rows.length > 1 ? 's' : ''} ${shown}${more})`;
    });
}
