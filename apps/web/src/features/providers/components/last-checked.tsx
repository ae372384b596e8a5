import { checkedMonth, checkedOn } from '../listing-dates';

type LastCheckedProps = { lastChecked: string | null; stale: boolean };

/** "Last checked 4 March 2025", with a warning when it is over 12 months ago. */
export function LastChecked({ lastChecked, stale }: LastCheckedProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p>
        {lastChecked ? (
          <>
            Last checked <time dateTime={lastChecked}>{checkedOn(lastChecked)}</time>
          </>
        ) : (
          'Not checked yet'
        )}
      </p>
      {stale && lastChecked && (
        <strong className="inline-block rounded border-2 border-danger bg-danger-light px-2 py-0.5 font-bold text-danger">
          Not checked since {checkedMonth(lastChecked)}
        </strong>
      )}
    </div>
  );
}
