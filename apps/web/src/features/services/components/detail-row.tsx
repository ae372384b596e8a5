import type { ReactNode } from 'react';
import { NOT_AVAILABLE } from '../detail-text';

type DetailRowProps = { label: string; children?: ReactNode };

function isMissing(value: ReactNode): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** One labelled fact; a missing value shows 'N/A' (spec 2). */
export function DetailRow({ label, children }: DetailRowProps) {
  return (
    <div className="border-b border-line py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-bold">{label}</dt>
      <dd className="whitespace-pre-line">{isMissing(children) ? NOT_AVAILABLE : children}</dd>
    </div>
  );
}

/** A list, or null so DetailRow shows 'N/A'. */
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
