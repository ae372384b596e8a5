import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-4 text-4xl font-extrabold">Oops! Page not found</h1>
      <p className="mb-6 max-w-prose text-lg">
        If you typed the web address, check it is correct. If you followed a link, the page may have
        moved.
      </p>
      <Link to={paths.home} className={buttonClassName('primary')}>
        Return to Home
      </Link>
    </div>
  );
}
