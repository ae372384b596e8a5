import { serializeError } from '../log-errors';

const IMPORT_PROBLEM = 'ImportProblem';

/** A problem the person running the import can fix: the command prints its message alone. */
export function importProblem(message: string, cause?: unknown): Error {
  const error = new Error(message, cause === undefined ? {} : { cause });
  error.name = IMPORT_PROBLEM;
  return error;
}

export function isImportProblem(error: unknown): error is Error {
  return error instanceof Error && error.name === IMPORT_PROBLEM;
}

/** csv-parse names the problem by a code and counts lines; its message may quote the data. */
export function csvProblem(error: unknown, fileName: string): Error {
  const fields = error as { code?: unknown; lines?: unknown };
  if (typeof fields.code !== 'string' || !fields.code.startsWith('CSV_')) return error as Error;
  const what = fields.code.replace(/^CSV_/, '').toLowerCase().replace(/_/g, ' ');
  const where = typeof fields.lines === 'number' ? ` (line ${fields.lines})` : '';
  return importProblem(
    `${fileName} is not valid CSV${where}: ${what}. Correct it and import it again.`,
  );
}

/**
 * Where JSON.parse stopped, as " (line 3)"; its own message quotes the text around the mistake,
 * which may be a person's details. Text that stops mid-value "ends too soon", as one cut off in
 * transfer does. Node names the line, or gives the position to count lines to.
 */
export function whereJsonFails(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  const position = /at position (\d+)/.exec(message)?.[1];
  const end = text.trimEnd().length;
  const lineAt = (at: number) => text.slice(0, at).split('\n').length;
  if (/end of JSON/i.test(message) || (position !== undefined && Number(position) >= end)) {
    return ` (it ends too soon, at line ${lineAt(end)})`;
  }
  const line = /\(line (\d+) column \d+\)/.exec(message)?.[1];
  if (line) return ` (line ${line})`;
  return position === undefined ? '' : ` (line ${lineAt(Number(position))})`;
}

/**
 * One line for the person running the import, never a stack trace. A database error quotes the
 * rows it was given (Drizzle's "params: ..."), so only its SQLSTATE and the names of the table,
 * column or constraint are shown, as in the server's logs (log-errors.ts).
 */
export function describeImportFailure(
  error: unknown,
  fileName: string,
  whatIsKept: string,
): string {
  if (isImportProblem(error)) return error.message;
  const csv = csvProblem(error, fileName);
  if (isImportProblem(csv)) return csv.message;
  const database = databaseErrorOf(error);
  if (database) {
    const names = (['table', 'column', 'constraint'] as const).flatMap((key) =>
      typeof database[key] === 'string' ? [`${key} ${database[key]}`] : [],
    );
    const detail = [`error ${String(database.code)}`, ...names].join(', ');
    return `The database refused the import of ${fileName} (${detail}). ${whatIsKept}`;
  }
  return `The import of ${fileName} failed: ${serializeError(error).message}`;
}

type DatabaseError = { severity: string; code: string } & Record<string, unknown>;

/** pg's and PGlite's DatabaseError (a severity and a five-character SQLSTATE), or its wrapper's. */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let current = error, depth = 0; depth < 4; depth += 1) {
    if (typeof current !== 'object' || current === null) return undefined;
    const fields = current as Record<string, unknown>;
    if (
      typeof fields.severity === 'string' &&
      typeof fields.code === 'string' &&
      fields.code.length === 5
    ) {
      return fields as DatabaseError;
    }
    current = fields.cause;
  }
  return undefined;
}
