import type { Crisis } from '@locals/contracts/helplines';
import type { Coverage } from '@locals/contracts/search';
import type { ReactNode } from 'react';
import { CrisisPanel } from '@/components/helplines/crisis-panel';

type NotCoveredProps = {
  coverage: Coverage;
  /** Set when the keyword signals a risk to life: 999 and the crisis lines, straight after the heading. */
  crisis?: Crisis | null;
  /** The national helplines, composed by the page. */
  children?: ReactNode;
};

/**
 * Decision 011: an area Locals does not list yet is said plainly, once. No "try widening your
 * search": a wider radius around Manchester finds nothing either, and sends people round a loop.
 */
export function NotCovered({ coverage, crisis, children }: NotCoveredProps) {
  const heading =
    coverage.message?.replace(/\.$/, '') ??
    `Locals does not cover ${coverage.areaName ?? 'this area'} yet`;
  return (
    <section aria-labelledby="not-covered-heading" className="max-w-prose">
      <h1 id="not-covered-heading" className="mb-2 text-4xl font-extrabold">
        {heading}
      </h1>
      {crisis && <CrisisPanel crisis={crisis} />}
      <p className="mb-6 text-lg">
        Locals lists services in Bristol, South Gloucestershire and London for now, with more places
        to come. You can search a postcode in one of those areas above, or contact one of the
        national helplines below.
      </p>
      {children}
    </section>
  );
}
