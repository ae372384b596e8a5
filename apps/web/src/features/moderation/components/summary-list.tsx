import type { ReactNode } from 'react';

/** A GOV.UK summary list: label and value side by side, stacked on a phone. */
export function SummaryList({ children }: { children: ReactNode }) {
  return (
    <dl className="mb-6 grid gap-x-6 border-t border-line text-lg sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {children}
    </dl>
  );
}

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-line py-2 sm:col-span-2 sm:grid sm:grid-cols-subgrid">
      <dt className="font-bold">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}
