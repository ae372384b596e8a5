import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HeadedSection } from '@/components/ui/headed-section';

export function BookmarksLoading() {
  return (
    <p role="status" className="mb-8 text-lg">
      Loading bookmarks...
    </p>
  );
}

export function BookmarksFailed({
  message,
  onTryAgain,
}: {
  message: string;
  onTryAgain: () => void;
}) {
  return (
    <div role="alert" className="mb-8 max-w-prose">
      <h2 className="mb-2 text-2xl font-bold">We could not load your bookmarks</h2>
      <p className="mb-4 text-lg">{message}</p>
      <Button onClick={onTryAgain}>Try again</Button>
    </div>
  );
}

export function NoBookmarks() {
  return (
    <HeadedSection
      headingId="no-bookmarks"
      heading="No Bookmarks Yet"
      headingClassName="mb-2 text-2xl font-bold"
      className="mb-8 max-w-prose"
    >
      <p className="mb-3 text-lg">
        Save services and events you want to come back to, and they will appear here.
      </p>
      <ul className="list-disc space-y-2 pl-6 text-lg">
        <li>
          <Link to={paths.search}>Search for services</Link>
        </li>
        <li>
          <Link to={paths.events}>Browse community events</Link>
        </li>
      </ul>
    </HeadedSection>
  );
}
