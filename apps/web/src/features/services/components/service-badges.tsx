import { BadgeCheck, FlaskConical } from 'lucide-react';

type ServiceBadgesProps = { isSample: boolean; isDemo: boolean; isVerified: boolean };

const badge = 'inline-flex items-center gap-1 rounded px-2 py-0.5 text-base font-bold';

export function ServiceBadges({ isSample, isDemo, isVerified }: ServiceBadgesProps) {
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
    </>
  );
}
