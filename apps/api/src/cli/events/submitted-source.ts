import { SUBMITTED_SOURCE } from '../../modules/organiser-events';
import { importProblem } from '../import-problem';

/**
 * Events organisers add on Locals are rows of their own source (decision 038). An import
 * upserts and removes its source's rows, so one named so could overwrite or delete them: refused.
 */
export function refuseSubmittedSource(source: string): void {
  if (source.trim().toLowerCase() !== SUBMITTED_SOURCE) return;
  throw importProblem(
    `--source ${SUBMITTED_SOURCE} is kept for the events organisers add on Locals, which an import ` +
      'must never change: choose another name, e.g. --source easton-calendar. Nothing was imported.',
  );
}
