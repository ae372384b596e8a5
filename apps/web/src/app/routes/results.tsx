import type { ServiceSummary } from '@locals/contracts/search';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ServiceDetailsLoading } from '@/features/map/components/service-details-loading';
import { useSearchServices } from '@/features/search/api/search-services';
import { NoResults } from '@/features/search/components/no-results';
import { PostcodeSearchForm } from '@/features/search/components/postcode-search-form';
import { ResultsFooter } from '@/features/search/components/results-footer';
import { ResultsViewLinks } from '@/features/search/components/results-view-links';
import { SampleDataBanner } from '@/features/search/components/sample-data-banner';
import { SearchFailed } from '@/features/search/components/search-failed';
import { readCriteria, resultsSearch, serviceLinkSearch } from '@/features/search/search-criteria';
import { ServiceCard } from '@/features/services/components/service-card';
import { useVoteBatches } from '@/features/votes/api/get-vote-batch';
import { analytics } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';

// The Map View tab's code (and Leaflet after it) loads only when the tab is chosen.
const MapView = lazy(() =>
  import('@/features/map/components/map-view').then((m) => ({ default: m.MapView })),
);

// The details dialog (and Radix Dialog with it) loads when a service is first opened.
const ServiceDetailDialog = lazy(() =>
  import('@/features/services/components/service-detail-dialog').then((m) => ({
    default: m.ServiceDetailDialog,
  })),
);

/** A postcode the server could not use: its message belongs beside the postcode field. */
function postcodeErrorOf(error: Error | null): string | undefined {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 404)) return undefined;
  if (error.code === 'invalid_postcode' || error.code === 'postcode_not_found')
    return error.message;
  return error.fieldErrors.postcode?.[0];
}

export function ResultsRoute() {
  const [params, setParams] = useSearchParams();
  const criteria = readCriteria(params);
  const serviceId = params.get('serviceId');
  const view = params.get('view') === 'map' ? 'map' : 'list';
  const search = useSearchServices(criteria);
  const pages = search.data?.pages ?? [];
  const firstPage = pages[0];
  const services: ServiceSummary[] = pages.flatMap((page) => page.results);
  const totalResults = pages.at(-1)?.totalResults ?? 0;
  const postcode = firstPage?.location?.postcode ?? criteria.postcode;
  // One votes request per page of cards, not one per card. Sample cards have no actions.
  useVoteBatches(
    view === 'list'
      ? pages.flatMap((page) => (page.isSample ? [] : [page.results.map((service) => service.id)]))
      : [],
  );
  const heading = postcode
    ? `Services available near ${postcode} (${services.length} of ${totalResults} results)`
    : `Services available (${services.length} of ${totalResults} results)`;
  useDocumentTitle(postcode ? `Services near ${postcode}` : 'Search results');

  function setServiceId(id: string | null) {
    // Replace, so the shareable URL tracks the open service without piling up history.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('serviceId', id);
        else next.delete('serviceId');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function openService(id: string) {
    analytics.track('select_content', { content_type: 'service', item_id: id });
    setServiceId(id);
  }

  function searchPostcode(nextPostcode: string) {
    analytics.track('search', { search_term: criteria.keyword, postcode: nextPostcode });
    // Spec 2: searching again from the results replaces the URL.
    setParams(new URLSearchParams(resultsSearch({ ...criteria, postcode: nextPostcode })), {
      replace: true,
    });
  }

  // In TanStack Query 5 a failed later page also puts the whole query in error; the pages
  // already shown stay, and the footer offers to try that page again.
  const hasPages = search.data !== undefined;
  const isEmpty = hasPages && totalResults === 0 && services.length === 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PostcodeSearchForm
        key={criteria.postcode}
        criteria={criteria}
        serverError={postcodeErrorOf(search.error)}
        onSearch={searchPostcode}
      />
      {search.isPending && (
        <p role="status" className="text-lg">
          Loading results...
        </p>
      )}
      {search.isError && !hasPages && (
        <SearchFailed message={search.error.message} onTryAgain={() => window.location.reload()} />
      )}
      {isEmpty && <NoResults criteria={criteria} postcode={postcode} />}
      {hasPages && !isEmpty && (
        <>
          {firstPage?.isSample && <SampleDataBanner />}
          <h1 className="mb-4 text-3xl font-extrabold sm:text-4xl">{heading}</h1>
          <ResultsViewLinks criteria={criteria} view={view} />
          {view === 'map' && (
            <Suspense fallback={<p className="text-lg">Loading map data...</p>}>
              <MapView criteria={criteria} onOpenService={(service) => openService(service.id)} />
            </Suspense>
          )}
          {view === 'list' && (
            <>
              <ul className="space-y-4">
                {services.map((service) => (
                  <li key={service.id}>
                    <ServiceCard
                      service={service}
                      isSample={firstPage?.isSample ?? false}
                      shareUrl={`${window.location.origin}${paths.results}${serviceLinkSearch(criteria, service.id)}`}
                      onMoreInfo={openService}
                    />
                  </li>
                ))}
              </ul>
              <ResultsFooter
                pageCount={pages.length}
                totalResults={totalResults}
                hasNextPage={search.hasNextPage}
                isFetchingNextPage={search.isFetchingNextPage}
                isNextPageError={search.isFetchNextPageError}
                onLoadMore={() => void search.fetchNextPage()}
              />
            </>
          )}
        </>
      )}
      {serviceId && (
        <Suspense fallback={<ServiceDetailsLoading />}>
          <ServiceDetailDialog
            serviceId={serviceId}
            distance={services.find((service) => service.id === serviceId)?.distance ?? null}
            onClose={() => setServiceId(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
