import type { ReactNode } from 'react';

type SearchSummaryProps = {
  postcode: string;
  keyword: string;
  /** The form to change the search, shown when Change is chosen (and always on wide screens). */
  children: ReactNode;
};

/**
 * On a phone the search is one line with Change instead of the whole form (decision 036), so the
 * nearest results are on the first screen. A native disclosure: Change works without
 * JavaScript. From the md breakpoint the form is shown as before and the line is not, as the
 * phone menu does (a browser without `::details-content` keeps the line there too).
 */
export function SearchSummary({ postcode, keyword, children }: SearchSummaryProps) {
  return (
    <details className="md:details-content:[content-visibility:visible]">
      <summary className="mb-3 flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 text-lg supports-[selector(::details-content)]:md:hidden [&::-webkit-details-marker]:hidden">
        <span>
          {keyword ? (
            <>
              <strong>{keyword}</strong> near{' '}
            </>
          ) : (
            'Near '
          )}
          <strong>{postcode}</strong>
        </span>
        <span className="font-semibold text-link underline underline-offset-4">
          Change<span className="sr-only"> search</span>
        </span>
      </summary>
      {children}
    </details>
  );
}
