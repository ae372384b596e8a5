import type { ServiceSummary } from '@locals/contracts/search';
import { BadgeCheck, FlaskConical } from 'lucide-react';
import { formatSourceDate } from '../detail-text';

type ServiceBadgesProps = {
  isSample: boolean;
  /** `listedBy` is the list that holds an unverified record: "From the NHS register, December 2023". */
  service: Pick<ServiceSummary, 'isDemo' | 'verified' | 'listedBy'>;
};

const badge = 'inline-flex items-center gap-1 rounded px-2 py-0.5 text-base font-bold';

/** Decision 032: Verified (a person confirmed it) or the source that lists it, never both. */
export function ServiceBadges({ isSample, service }: ServiceBadgesProps) {
  const { isDemo, verified: isVerified, listedBy } = service;
  const when = formatSourceDate(listedBy?.asOf ?? null);
  return (
    <>
      {isSample && (
        <span className={`${badge} bg-danger-light text-danger`}>
          <FlaskConical aria-hidden="true" className="size-4" />
          Sample data
        </span>
      )}
      {isDemo && !isSample && (
        <span className={`${badge} bg-surface text-ink`}>
          <FlaskConical aria-hidden="true" className="size-4" />
          Demo listing
        </span>
      )}
      {isVerified && (
        <span className={`${badge} bg-success-light text-success`}>
          <BadgeCheck aria-hidden="true" className="size-4" />
          Verified
        </span>
      )}
      {!isVerified && !isDemo && !isSample && listedBy && (
        <span className={`${badge} bg-surface font-normal text-ink`}>
          From {listedBy.source}
          {when ? `, ${when}` : ''}
        </span>
      )}
    </>
  );
}
