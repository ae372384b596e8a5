import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { NoAccess } from './no-access';

type QueryProblemProps = { error: Error; what: string; onTryAgain: () => void };

/** A moderation list or record that did not load: no access, signed out, or a failure to retry. */
export function QueryProblem({ error, what, onTryAgain }: QueryProblemProps) {
  if (isApiError(error) && error.status === 403) return <NoAccess />;
  if (isApiError(error) && error.status === 401) {
    return (
      <div role="alert" className="max-w-prose">
        <h1 className="mb-4 text-4xl font-extrabold">You have been signed out</h1>
        <p className="text-lg">Sign in again to see {what}.</p>
      </div>
    );
  }
  return (
    <div role="alert" className="max-w-prose">
      <h1 className="mb-4 text-4xl font-extrabold">We could not load {what}</h1>
      <p className="mb-4 text-lg">{error.message}</p>
      <Button onClick={onTryAgain}>Try again</Button>
    </div>
  );
}
