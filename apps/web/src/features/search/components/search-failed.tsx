import type { Crisis } from '@locals/contracts/helplines';
import { CrisisPanel } from '@/components/helplines/crisis-panel';
import { Button } from '@/components/ui/button';

type SearchFailedProps = {
  message: string | undefined;
  onTryAgain: () => void;
  /** Set when the keyword signals a risk to life: a failed search must not hide 999. */
  crisis?: Crisis | null;
};

/** The "failed" state: Search Failed, the error, and Try Again. */
export function SearchFailed({ message, onTryAgain, crisis }: SearchFailedProps) {
  return (
    <section aria-labelledby="search-failed-heading" className="max-w-prose">
      <h1 id="search-failed-heading" className="mb-2 text-4xl font-extrabold">
        Search Failed
      </h1>
      {crisis && <CrisisPanel crisis={crisis} />}
      <p role="alert" className="mb-4 text-lg">
        Error loading results: {message || 'Unknown error'}
      </p>
      <Button onClick={onTryAgain}>Try Again</Button>
    </section>
  );
}
