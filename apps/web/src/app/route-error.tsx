import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

function RouteErrorContent() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-4 text-4xl font-extrabold">Unexpected Application Error!</h1>
      <p className="mb-2 text-xl font-bold">{describe(error)}</p>
      <p className="mb-6 max-w-prose text-lg">
        Sorry, something went wrong on our side. Try again in a moment. If you need help now, call
        NHS 111, or 999 in an emergency.
      </p>
      <Link to={paths.home} className={buttonClassName('primary')}>
        Return to Home
      </Link>
    </div>
  );
}

/** Shown inside the page frame when a page fails. */
export function RouteError() {
  return <RouteErrorContent />;
}

/** Shown on its own when the page frame itself fails. */
export function RootError() {
  return (
    <main id="main-content" tabIndex={-1}>
      <RouteErrorContent />
    </main>
  );
}
