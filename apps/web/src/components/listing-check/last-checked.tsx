import { checkedMonth, checkedOn } from './checked-dates';

type LastCheckedProps = { lastChecked: string | null; stale: boolean };

function StaleTag({ lastChecked }: { lastChecked: string }) {
  return (
    <strong className="inline-block rounded border-2 border-danger bg-danger-light px-2 py-0.5 font-bold text-danger">
      Not checked since {checkedMonth(lastChecked)}
    </strong>
  );
}

/**
 * "Last checked 4 March 2025", with a warning when it is 12 months ago or more. Without a check
 * through Locals (imported open data, decision 024) it says so. Under a "Last checked" label
 * (`dateOnly`), just the date.
 */
export function LastChecked({
  lastChecked,
  stale,
  never = 'Not checked yet',
  dateOnly = false,
}: LastCheckedProps & { never?: string; dateOnly?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p>
        {lastChecked ? (
          <>
            {!dateOnly && 'Last checked '}
            <time dateTime={lastChecked}>{checkedOn(lastChecked)}</time>
          </>
        ) : (
          never
        )}
      </p>
      {stale && lastChecked && <StaleTag lastChecked={lastChecked} />}
    </div>
  );
}

/**
 * For a search result: nothing while the listing is fresh; "Not checked since {month year}" once
 * nobody has confirmed it for 12 months. It stays in the results: an old lead beats none.
 */
export function StaleNote({ lastChecked, stale }: LastCheckedProps) {
  if (!stale || !lastChecked) return null;
  return (
    <p className="my-1">
      <StaleTag lastChecked={lastChecked} />
    </p>
  );
}
