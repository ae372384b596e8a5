import { printable } from '../import-report';

/**
 * What an events import did. Skipped events are not mistakes (their sessions have all passed);
 * rejected ones need the feed or the command corrected. Each is named by title and where it is
 * in the feed, so a person can find it.
 */
export type EventsReport = {
  added: number;
  updated: number;
  removed: number;
  skipped: Map<string, string[]>;
  rejected: Map<string, string[]>;
  /**
   * Events kept without a value that could not be kept, such as a javascript: link (decision 029).
   */
  warnings: Map<string, string[]>;
  /** Anything else the person should know, e.g. that paging stopped early. */
  notes: string[];
};

const NAMES_SHOWN = 5;

export function createEventsReport(): EventsReport {
  return {
    added: 0,
    updated: 0,
    removed: 0,
    skipped: new Map(),
    rejected: new Map(),
    warnings: new Map(),
    notes: [],
  };
}

export function noteEvent(reasons: Map<string, string[]>, reason: string, label: string): void {
  const key = printable(reason);
  reasons.set(key, [...(reasons.get(key) ?? []), printable(label, 80)]);
}

function countOf(reasons: Map<string, string[]>): number {
  return [...reasons.values()].reduce((sum, labels) => sum + labels.length, 0);
}

export function rejectedEventCount(report: EventsReport): number {
  return countOf(report.rejected);
}

/** Counts first, then each reason with the first few events it applies to. */
export function formatEventsReport(title: string, report: EventsReport): string {
  const lines = [
    title,
    `  imported: ${report.added + report.updated} (${report.added} new, ${report.updated} updated)`,
    `  removed: ${report.removed}`,
    `  skipped: ${countOf(report.skipped)}`,
    ...reasonLines(report.skipped),
    `  rejected: ${countOf(report.rejected)}`,
    ...reasonLines(report.rejected),
    ...(report.warnings.size > 0
      ? ['  kept, with a value dropped:', ...reasonLines(report.warnings)]
      : []),
    ...report.notes.map((note) => `  ${note}`),
  ];
  return lines.join('\n');
}

function reasonLines(reasons: Map<string, string[]>): string[] {
  return [...reasons.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([reason, labels]) => {
      const shown = labels.slice(0, NAMES_SHOWN).join('; ');
      const more = labels.length > NAMES_SHOWN ? `, ... ${labels.length - NAMES_SHOWN} more` : '';
      return `    ${labels.length} x ${reason} (${shown}${more})`;
    });
}
