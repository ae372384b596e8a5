import { detectCrisis } from '@locals/contracts/crisis';
import type { HelplinePlacement } from '@locals/contracts/helplines';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ServiceCard } from '@/app/service-listing/service-card';
import { HydrateInTurn } from '@/components/hydrate-in-turn';
import { CrisisPanel } from '@/components/helplines/crisis-panel';
import { ErrorSummary } from '@/components/ui/error-summary';
import { searchHelplinesFilter, useHelplines } from '@/components/helplines/get-helplines';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useItemInUrl } from '@/hooks/use-item-in-url';
import { mapServicesQueryOptions } from '@/features/map/api/search-map-services';
import { ServiceDetailsLoading } from '@/features/map/components/service-details-loading';
import { useStartSearch } from '@/features/search/api/search-services';
import { CategoryGapNotice } from '@/features/search/components/category-gap-notice';
import { KeywordNotice } from '@/features/search/components/keyword-notice';
import { LOCATION_PROMPT, LocationPrompt } from '@/features/search/components/location-prompt';
import { NoResults } from '@/features/search/components/no-results';
import { NotCovered } from '@/features/search/components/not-covered';
import {
  POSTCODE_FIELD_ID,
  PostcodeSearchForm,
} from '@/features/search/components/postcode-search-form';
import { RefinementNotes } from '@/features/search/components/refinement-notes';
import { ResultsFilters } from '@/features/search/components/results-filters';
import { ResultsFooter } from '@/features/search/components/results-footer';
import { ResultsViewLinks } from '@/features/search/components/results-view-links';
import { SampleDataBanner } from '@/features/search/components/sample-data-banner';
import { SearchFailed } from '@/features/search/components/search-failed';
import { SearchHelplines } from '@/features/search/components/search-helplines';
import { SearchSummary } from '@/features/search/components/search-summary';
import { ageErrorsOf } from '@/features/search/check-ages';
import { resultsHeading } from '@/features/search/results-heading';
import { useResultsPages } from '@/features/search/use-results-pages';
import { useVoteBatches } from '@/features/votes/api/get-vote-batch';
import { analytics } from '@/lib/analytics';
import { isRefusedWith } from '@/lib/api-client';
import { mapSearch, readCriteria, resultsSearch, serviceDetailHref } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { postcodeErrorOf } from '@/features/search/postcode-error';

// The Map View tab's code (and Leaflet after it) loads only when the tab is chosen.
const MapView = lazy(() =>
  import('@/features/map/components/map-view').then((m) => ({ default: m.MapView })),
);

// The details dialog (and Radix Dialog with it) loads when a service is first opened.
const ServiceDetailDialog = lazy(() =>
  import('@/app/service-listing/service-detail-dialog').then((m) => ({
    default: m.ServiceDetailDialog,
  })),
);

function locationRequiredOf(error: Error | null): string | undefined {
  return isRefusedWith(error, 'location_required') ? error.message : undefined;
}

function resultAnchor(position: number): string {
  return `result-${position}`;
}

/**
 * These results with one more page, at the first new result: without JavaScript the server
 * renders every page up to `page` (decision 018), so the browser lands where the reader left off.
 */
function nextPageHref(params: URLSearchParams, page: number, firstNewResult: number): string {
  const next = paramsWithoutService(params);
  next.set('page', String(page));
  return `${paths.results}?${next.toString()}#${resultAnchor(firstNewResult)}`;
}

function paramsWithoutService(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('serviceId');
  return next;
}

export function ResultsRoute() {
  const [params, setParams] = useSearchParams();
  const criteria = readCriteria(params);
  const view = params.get('view') === 'map' ? 'map' : 'list';
  const detail = useItemInUrl('serviceId');
  // With neither a postcode nor a keyword that may name a place, ask for one (decision 011).
  const hasPlace = criteria.postcode !== '' || criteria.keyword !== '';
  // Ages that cannot be searched (30 to 5) are for the person to correct before any search.
  const ageErrors = ageErrorsOf(criteria);
  const canSearch = hasPlace && ageErrors.length === 0;
  const results = useResultsPages(criteria, { enabled: canSearch });
  const startSearch = useStartSearch();
  const { pages, isSample } = results;
  const firstPage = pages[0];
  const services = pages.flatMap((page) => page.results);
  const totalResults = pages.at(-1)?.totalResults ?? 0;
  const postcode = firstPage?.location?.postcode ?? criteria.postcode;
  // In Map View the heading counts what the map shows (its own query, shared with
  // MapView), not the list's loaded pages; until the map's answer comes it gives no count.
  const mapResults = useQuery({
    ...mapServicesQueryOptions(criteria),
    enabled: view === 'map' && canSearch,
  }).data;
  const shown = view === 'map' ? mapResults?.results.length : services.length;
  const shownOf = view === 'map' ? mapResults?.totalResults : totalResults;
  const locationMessage = hasPlace ? locationRequiredOf(results.error) : LOCATION_PROMPT;
  // A postcode the server cannot use is for the person to correct, not a failure.
  const postcodeError = firstPage ? undefined : postcodeErrorOf(results.error);
  // Decision 027: a keyword signalling a risk to life gets 999 and the crisis lines in every state.
  // The search's reply carries them; when there is none (no place, a bad postcode, a failure),
  // the same words ask /api/helplines, which the server prefetches for the no-JavaScript page.
  const hasReply = firstPage !== undefined && !isSample;
  const crisisLines = useHelplines(searchHelplinesFilter(criteria), {
    enabled: !hasReply && detectCrisis(criteria.keyword) !== null,
  });
  const crisis = hasReply ? firstPage.crisis : (crisisLines.data?.crisis ?? null);
  // One votes request per page of cards, not one per card. Sample cards have no actions.
  useVoteBatches(
    view === 'list' && !isSample ? pages.map((page) => page.results.map((s) => s.id)) : [],
  );
  useDocumentTitle(
    locationMessage !== undefined
      ? 'Enter a postcode'
      : postcodeError !== undefined
        ? 'Error: Check the postcode'
        : ageErrors.length > 0
          ? 'Error: Check the ages'
          : postcode
            ? `Services near ${postcode}`
            : 'Search results',
  );

  function openService(id: string) {
    analytics.track('select_content', { content_type: 'service', item_id: id });
    detail.open(id);
  }

  function searchFor(next: SearchCriteria) {
    analytics.track('search', { search_term: next.keyword, postcode: next.postcode });
    // A search asked for always reaches the server, from page 1.
    void startSearch(next);
    // Searching again from the results replaces the URL.
    const address = view === 'map' ? `${mapSearch(next)}&view=map` : resultsSearch(next);
    setParams(new URLSearchParams(address), { replace: true });
  }

  // The search form and the filters are taken over each on its own, like the cards.
  const postcodeForm = (
    <HydrateInTurn key={criteria.postcode}>
      <PostcodeSearchForm
        criteria={criteria}
        serverError={postcodeError}
        onSearch={(nextPostcode) => searchFor({ ...criteria, postcode: nextPostcode })}
      />
    </HydrateInTurn>
  );

  // A search whose words signal a risk to life leads with the heading and 999, not the form to
  // change the postcode: on a phone the form would push the crisis lines off the first screen.
  const formFirst = crisis === null;

  let body: ReactNode;
  if (locationMessage !== undefined) {
    body = (
      <LocationPrompt message={locationMessage} keyword={criteria.keyword} crisis={crisis}>
        {postcodeForm}
      </LocationPrompt>
    );
  } else if (postcodeError !== undefined) {
    body = (
      <>
        <h1 className="mb-4 text-3xl font-extrabold sm:text-4xl">Check the postcode</h1>
        {crisis && <CrisisPanel crisis={crisis} />}
        <ErrorSummary errors={[{ fieldId: POSTCODE_FIELD_ID, message: postcodeError }]} />
        {postcodeForm}
      </>
    );
  } else if (ageErrors.length > 0) {
    body = (
      <>
        <h1 className="mb-4 text-3xl font-extrabold sm:text-4xl">Check the ages</h1>
        {crisis && <CrisisPanel crisis={crisis} />}
        <HydrateInTurn>
          <ResultsFilters
            criteria={criteria}
            serviceTypes={[]}
            initialErrors={ageErrors}
            onChange={searchFor}
          />
        </HydrateInTurn>
      </>
    );
  } else if (firstPage && !firstPage.coverage.covered) {
    body = (
      <>
        {formFirst && postcodeForm}
        <NotCovered coverage={firstPage.coverage} crisis={crisis}>
          <SearchHelplines reply={firstPage} placement="top" heading="National helplines" />
        </NotCovered>
        {!formFirst && postcodeForm}
      </>
    );
  } else {
    // In TanStack Query 5 a failed later page also puts the whole query in error; the pages
    // already shown stay, and the footer offers to try that page again.
    const isFailed = results.error !== null && !firstPage;
    const isEmpty = firstPage !== undefined && totalResults === 0 && services.length === 0;
    const keyword = firstPage?.keyword ? firstPage.keyword.used : criteria.keyword;
    // Where the API placed the lines and their notice (decision 027); null when there are none.
    const placement = firstPage?.helplinePlacement ?? null;
    // A category with nothing local keeps its lines in its own notice, above the results: they
    // are the answer to what was asked. Each line is said once, in one place.
    const isGapWithLines =
      firstPage?.categoryGap != null && (placement === 'top' || placement === 'beside');
    // With results to show, a phone gets the search as one line with Change (decision 036).
    const searchForm =
      firstPage && !isEmpty ? (
        <SearchSummary postcode={postcode} keyword={keyword}>
          {postcodeForm}
        </SearchSummary>
      ) : (
        postcodeForm
      );
    const linesAt = (at: HelplinePlacement) =>
      firstPage && placement === at && !isGapWithLines ? (
        <SearchHelplines reply={firstPage} placement={at} />
      ) : null;
    body = (
      <>
        {formFirst && searchForm}
        {isSample && <SampleDataBanner />}
        {/* While the results load there is no heading yet; the crisis lines need not wait. */}
        {results.isLoading && crisis && <CrisisPanel crisis={crisis} />}
        {results.isLoading && (
          <p role="status" className="text-lg">
            Loading results...
          </p>
        )}
        {isFailed && (
          <SearchFailed
            message={results.error?.message}
            onTryAgain={() => window.location.reload()}
            crisis={crisis}
          />
        )}
        {isEmpty && (
          <NoResults
            criteria={criteria}
            postcode={postcode}
            gap={firstPage.categoryGap}
            crisis={crisis}
            lines={placement && <SearchHelplines reply={firstPage} placement="top" />}
          >
            <KeywordNotice keyword={firstPage.keyword} />
            <RefinementNotes refinements={firstPage.refinements} criteria={criteria} />
          </NoResults>
        )}
        {firstPage && !isEmpty && (
          <>
            <h1 className="mb-3 text-xl font-extrabold sm:mb-4 sm:text-4xl">
              {resultsHeading({ postcode, keyword, shown, total: shownOf })}
            </h1>
            {crisis && <CrisisPanel crisis={crisis} />}
            {linesAt('top')}
          </>
        )}
        {!formFirst && searchForm}
        {!isFailed && (
          <HydrateInTurn>
            <ResultsFilters
              criteria={criteria}
              serviceTypes={firstPage?.refinements?.serviceTypes ?? []}
              onChange={searchFor}
            />
          </HydrateInTurn>
        )}
        {firstPage && !isEmpty && <KeywordNotice keyword={firstPage.keyword} />}
        {firstPage && !isEmpty && (
          <RefinementNotes refinements={firstPage.refinements} criteria={criteria} />
        )}
        {firstPage?.categoryGap && !isEmpty && (
          <CategoryGapNotice gap={firstPage.categoryGap}>
            {isGapWithLines && placement && (
              <SearchHelplines
                reply={firstPage}
                placement={placement}
                headingLevel={3}
                heading="National helplines that can help"
              />
            )}
          </CategoryGapNotice>
        )}
        {!isEmpty && linesAt('beside')}
        {firstPage && !isEmpty && (
          <>
            <ResultsViewLinks criteria={criteria} view={view} />
            {view === 'map' && (
              <Suspense fallback={<p className="text-lg">Loading map data...</p>}>
                <MapView
                  criteria={criteria}
                  onOpenService={(service) => openService(service.id)}
                  detailHref={(id) => serviceDetailHref(criteria, id)}
                />
              </Suspense>
            )}
            {view === 'list' && (
              <>
                <ul className="space-y-4">
                  {services.map((service, index) => (
                    <li key={service.id} id={resultAnchor(index + 1)}>
                      <HydrateInTurn>
                        <ServiceCard
                          service={service}
                          isSample={isSample}
                          detailHref={serviceDetailHref(criteria, service.id)}
                          onMoreInfo={openService}
                        />
                      </HydrateInTurn>
                    </li>
                  ))}
                </ul>
                <ResultsFooter
                  pageCount={pages.length}
                  totalResults={totalResults}
                  hasNextPage={results.hasNextPage}
                  isFetchingNextPage={results.isFetchingNextPage}
                  isNextPageError={results.isNextPageError}
                  nextPageHref={nextPageHref(params, pages.length + 1, services.length + 1)}
                  onLoadMore={results.loadMore}
                />
              </>
            )}
            {linesAt('after')}
          </>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      {body}
      {detail.id && (
        <Suspense fallback={<ServiceDetailsLoading />}>
          <ServiceDetailDialog
            serviceId={detail.id}
            distance={services.find((service) => service.id === detail.id)?.distance ?? null}
            closeHref={`${paths.results}?${paramsWithoutService(params).toString()}`}
            onClose={detail.close}
          />
        </Suspense>
      )}
    </div>
  );
}
