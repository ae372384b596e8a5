import type { ApplicationDetail } from '@locals/contracts/moderation';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { longDate } from '@/lib/long-date';
import { listingSearchHref } from '../listing-link';

type Outcome =
  | { decision: 'approved'; name: string; postcode: string; serviceId: string | null }
  | { decision: 'rejected'; email: string };

/** What the moderator's own decision did, focused so it is heard at once. */
export function ApplicationOutcome({ outcome }: { outcome: Outcome }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mb-8 border-l-8 border-success bg-success-light p-4 text-lg"
    >
      {outcome.decision === 'approved' ? (
        <>
          <p className="mb-2 text-xl font-bold">Approved. {outcome.name} is now listed.</p>
          <Link to={listingSearchHref(outcome.postcode, outcome.serviceId)}>
            Search near {outcome.postcode} to see the listing
          </Link>
        </>
      ) : (
        <p className="text-xl font-bold">Rejected. We have emailed {outcome.email} the reason.</p>
      )}
    </div>
  );
}

/** An application decided before this visit: who decided, when, and the reason or listing. */
export function EarlierDecision({ application }: { application: ApplicationDetail }) {
  const when = application.decidedAt ? ` on ${longDate(application.decidedAt)}` : '';
  const who = application.decidedBy ? ` by ${application.decidedBy}` : '';
  return (
    <section aria-labelledby="decision-heading" className="mb-8">
      <h2 id="decision-heading" className="mb-2 text-2xl font-bold">
        Decision
      </h2>
      {application.status === 'approved' ? (
        <>
          <p className="mb-2 text-lg">
            Approved{who}
            {when}.
          </p>
          {application.serviceId && application.postcode && (
            <p className="text-lg">
              <Link to={listingSearchHref(application.postcode, application.serviceId)}>
                See the listing
              </Link>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="mb-2 text-lg">
            Rejected{who}
            {when}. The reason, as emailed to {application.email}:
          </p>
          <blockquote className="border-l-8 border-line bg-surface p-4 text-lg whitespace-pre-line">
            {application.rejectionReason ?? 'No reason was recorded.'}
          </blockquote>
        </>
      )}
    </section>
  );
}
