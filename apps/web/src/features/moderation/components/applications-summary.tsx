import type { OVERDUE_AFTER_BUSINESS_DAYS } from '@locals/contracts/moderation';

/** The contract's value, repeated so the page carries no zod; `satisfies` keeps them equal. */
const OVERDUE_AFTER = 2 satisfies typeof OVERDUE_AFTER_BUSINESS_DAYS;

type ApplicationsSummaryProps = { total: number; overdueCount: number };

/** The promise to applicants is a decision within 2 business days; this says how it is going. */
export function ApplicationsSummary({ total, overdueCount }: ApplicationsSummaryProps) {
  return (
    <div className="mb-8 border-l-8 border-brand bg-brand-light p-4">
      <p className="text-2xl font-bold">
        {total === 1 ? '1 application waiting' : `${total} applications waiting`}
      </p>
      {overdueCount > 0 && (
        <p className="mt-2 border-l-8 border-danger bg-danger-light p-2 text-xl font-bold text-danger">
          <span className="sr-only">Warning: </span>
          {overdueCount} waiting longer than {OVERDUE_AFTER} business days
        </p>
      )}
    </div>
  );
}
