import { Link } from 'react-router';

type PagerProps = { page: number; hasMore: boolean; label: string };

/** Previous and next pages, with the page in the URL so a page can be shared or reloaded. */
export function Pager({ page, hasMore, label }: PagerProps) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap justify-between gap-4 text-lg">
      {page > 1 ? (
        <Link to={{ search: `?page=${page - 1}` }} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>Page {page}</span>
      {hasMore ? (
        <Link to={{ search: `?page=${page + 1}` }} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
