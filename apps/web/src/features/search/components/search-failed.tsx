import { Button } from '@/components/ui/button';

type SearchFailedProps = { message: string | undefined; onTryAgain: () => void };

/** Spec 2 "failed": Search Failed, the error, and Try Again. */
export function SearchFailed({ message, onTryAgain }: SearchFailedProps) {
  return (
    <section aria-labelledby="search-failed-heading" className="max-w-prose">
      <h1 id="search-failed-heading" className="mb-2 text-4xl font-extrabold">
        Search Failed
      </h1>
      <p role="alert" className="mb-4 text-lg">
        Error loading results: {message || 'Unknown error'}
      </p>
      <Button onClick={onTryAgain}>Try Again</Button>
    </section>
  );
}
