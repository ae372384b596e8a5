import type { ReactNode } from 'react';

type DetailRowProps = { label: string; children?: ReactNode };

export function isMissing(value: ReactNode): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.every(isMissing))
  );
}

/**
 * One labelled fact, or nothing when the record does not have it (decision 032: rows of "N/A" read
 * as a broken page; what is unknown is said once, in words, under the list).
 */
export function DetailRow({ label, children }: DetailRowProps) {
  if (isMissing(children)) return null;
  return (
    <div className="border-b border-line py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-bold">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** A list, or null so DetailRow leaves the row out. */
export function listOrNull(items: string[]): ReactNode {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
