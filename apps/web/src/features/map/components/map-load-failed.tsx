import { Button } from '@/components/ui/button';

type MapLoadFailedProps = { message: string; onTryAgain: () => void };

/** /map's failed state: what went wrong, and Try Again. */
export function MapLoadFailed({ message, onTryAgain }: MapLoadFailedProps) {
  return (
    <section aria-labelledby="map-failed-heading" className="max-w-prose">
      <h2 id="map-failed-heading" className="mb-2 text-3xl font-extrabold">
        Failed to Load Map Data
      </h2>
      <p role="alert" className="mb-4 text-lg">
        {message || 'Unknown error occurred'}
      </p>
      <Button onClick={onTryAgain}>Try Again</Button>
    </section>
  );
}
