import clsx from 'clsx';
import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { useDetectedLocation } from '../location-context';

/** Detection starts by itself on the pages that use a postcode. */
export function useAutomaticLocationDetection(): void {
  const { startAutomaticDetection } = useDetectedLocation();
  useEffect(() => startAutomaticDetection(), [startAutomaticDetection]);
}

const linkButton =
  'inline-flex min-h-11 cursor-pointer items-center gap-1 underline underline-offset-2 hover:decoration-2';

export function LocationStatus({ className }: { className?: string }) {
  const { postcode, status, error, detectLocation, clearLocation } = useDetectedLocation();

  return (
    // Its height never changes with the status, so the form under it never moves:
    // two lines are kept for a message on a phone, and the buttons' row stays while detecting.
    <div className={className}>
      <p role="status" className="flex min-h-14 items-center gap-2 text-lg sm:min-h-7">
        {status === 'detecting' && (
          <>
            <LocateFixed aria-hidden="true" className="size-5 shrink-0 animate-pulse" />
            Detecting your location...
          </>
        )}
        {status === 'detected' && (
          <>
            <MapPin aria-hidden="true" className="size-5 shrink-0" />
            <span>
              Using your location: <strong>{postcode}</strong>
            </span>
          </>
        )}
        {status === 'failed' && error && <span>{error}</span>}
      </p>
      <div className={clsx('flex flex-wrap gap-x-4', status === 'detecting' && 'invisible')}>
        <button type="button" className={linkButton} onClick={detectLocation}>
          <LocateFixed aria-hidden="true" className="size-5" />
          {status === 'detected' ? 'Detect my location again' : 'Use my location'}
        </button>
        {status === 'detected' && (
          <button type="button" className={linkButton} onClick={clearLocation}>
            Clear location
          </button>
        )}
      </div>
    </div>
  );
}
