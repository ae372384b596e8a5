import { detectCrisis } from '@locals/contracts/crisis';
import type { ServiceSummary } from '@locals/contracts/search';
import { ArrowLeft } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MapSearchOptions } from '@/app/map/map-search-options';
import { CrisisPanel } from '@/components/helplines/crisis-panel';
import { searchHelplinesFilter, useHelplines } from '@/components/helplines/get-helplines';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMapServices } from '@/features/map/api/search-map-services';
import { MapView } from '@/features/map/components/map-view';
import { ServiceDetailsLoading } from '@/features/map/components/service-details-loading';
import { ageErrorsOf } from '@/features/search/check-ages';
import { postcodeErrorOf } from '@/features/search/postcode-error';
import { analytics } from '@/lib/analytics';
import { mapSearch, readCriteria, resultsSearch, serviceDetailHref } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

// The same details panel as /results, loaded when a service is first opened.
const ServiceDetailDialog = lazy(() =>
  import('@/app/service-listing/service-detail-dialog').then((m) => ({
    default: m.ServiceDetailDialog,
  })),
);

export function MapRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const criteria = readCriteria(params);
  const [openService, setOpenService] = useState<ServiceSummary | null>(null);
  // Decision 027: 999 and the crisis lines right under the heading, from a query the server
  // prefetches, so they are there before the map (and without JavaScript, where it never is).
  const crisis = useHelplines(searchHelplinesFilter(criteria), {
    enabled: detectCrisis(criteria.keyword) !== null,
  }).data?.crisis;
  // The map's own query (MapView shares it): a postcode the server cannot use keeps the person
  // on the form with its words, as /results does, not on a failure to try again.
  // Ages that cannot be searched (30 to 5, typed into the address) are corrected in the list's
  // filters, as /results asks; the map searches nothing until then.
  const ageError = ageErrorsOf(criteria)[0]?.message;
  const mapSearchQuery = useMapServices(criteria, {
    enabled: criteria.postcode !== '' && ageError === undefined,
  });
  const postcodeError = postcodeErrorOf(mapSearchQuery.error);
  const heading =
    postcodeError !== undefined
      ? 'Check the postcode'
      : ageError !== undefined
        ? 'Check the ages'
        : criteria.postcode
          ? `Map of services near ${criteria.postcode}`
          : 'Map of services';
  const isError = postcodeError !== undefined || ageError !== undefined;
  useDocumentTitle(isError ? `Error: ${heading}` : heading);

  function search(next: SearchCriteria) {
    analytics.track('search', { search_term: next.keyword, postcode: next.postcode });
    void navigate(`${paths.map}${mapSearch(next)}`);
  }

  function open(service: ServiceSummary) {
    analytics.track('select_content', { content_type: 'service', item_id: service.id });
    setOpenService(service);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-extrabold sm:text-4xl">{heading}</h1>
      {crisis && <CrisisPanel crisis={crisis} />}
      <MapSearchOptions
        key={params.toString()}
        criteria={criteria}
        serverError={postcodeError}
        onSearch={search}
      />
      <Link
        to={`${paths.results}${resultsSearch(criteria)}`}
        className="mb-4 inline-flex items-center gap-1 text-lg"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to List View
      </Link>
      {/* The map loads only once there is a postcode to search around. */}
      {!criteria.postcode ? (
        <p className="text-lg">Enter a postcode in Search Options to see services on the map.</p>
      ) : ageError !== undefined ? (
        <p className="text-lg">
          {ageError}.{' '}
          <Link to={`${paths.results}${resultsSearch(criteria)}`}>
            Change the ages in the filters of the list
          </Link>
        </p>
      ) : postcodeError === undefined ? (
        <MapView
          criteria={criteria}
          onOpenService={open}
          detailHref={(id) => serviceDetailHref(criteria, id)}
        />
      ) : null}
      {openService && (
        <Suspense fallback={<ServiceDetailsLoading />}>
          <ServiceDetailDialog
            serviceId={openService.id}
            distance={openService.distance}
            onClose={() => setOpenService(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
