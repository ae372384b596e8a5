import type { ServiceSummary } from '@locals/contracts/search';
import { useEffect, useMemo } from 'react';
import { HelplineList } from '@/components/helplines/helpline-list';
import type { SearchCriteria } from '@/lib/search-criteria';
import { DEFAULT_MAP_CONFIG, useMapConfig } from '../api/get-map-config';
import { useMapServices } from '../api/search-map-services';
import { splitByLocation } from '../map-geometry';
import { LazyLeafletMap, loadLeafletMap } from './lazy-leaflet-map';
import { MapErrorBoundary } from './map-error-boundary';
import { MapKey } from './map-key';
import { MapLoadFailed } from './map-load-failed';
import { NoServicesOnMap } from './no-services-on-map';
import { NEEDS_SCRIPT_CLASS, ServicesWithoutMap } from './services-without-map';
import { UnmappedServices } from './unmapped-services';

type MapViewProps = {
  criteria: SearchCriteria;
  onOpenService: (service: ServiceSummary) => void;
  /** The address of a service's details: the links a browser without JavaScript follows. */
  detailHref: (serviceId: string) => string;
};

export function MapView({ criteria, onOpenService, detailHref }: MapViewProps) {
  const search = useMapServices(criteria);
  const config = useMapConfig();
  const { mapped, unmapped } = useMemo(
    () => splitByLocation(search.data?.results ?? []),
    [search.data],
  );
  // Fetch the map code alongside the data rather than after it.
  useEffect(() => void loadLeafletMap(), []);

  // If /api/config cannot be read, the server's own default tile server is the best guess.
  const tiles = config.isError ? DEFAULT_MAP_CONFIG : (config.data ?? null);
  const postcode = search.data?.location?.postcode ?? criteria.postcode;
  const results = search.data?.results ?? [];
  const radiusMiles = criteria.distance === '' ? null : Number(criteria.distance);
  const totalResults = search.data?.totalResults ?? 0;
  const announcement = search.isPending
    ? 'Loading map data...'
    : search.isSuccess
      ? `${totalResults} services found`
      : '';

  return (
    <div>
      {/* One live region for the whole life of the view, so each change is announced. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* The line and the box the map will fill, so nothing moves when it arrives. */}
      {search.isPending && (
        <div aria-hidden="true">
          <p className="mb-2 text-lg">Loading map data...</p>
          <div className="h-[60vh] min-h-80 w-full rounded border-2 border-line bg-surface" />
        </div>
      )}
      {search.isError && (
        <MapLoadFailed message={search.error.message} onTryAgain={() => void search.refetch()} />
      )}
      {search.isSuccess && results.length === 0 && (
        <NoServicesOnMap
          criteria={criteria}
          coverage={search.data.coverage}
          helplines={search.data.helplines}
          helplineNotice={search.data.helplineNotice}
        />
      )}
      {search.isSuccess && results.length > 0 && (
        <>
          <p className="mb-2 text-lg">
            Showing {results.length} of {totalResults} results in {postcode}
          </p>
          <ServicesWithoutMap services={results} detailHref={detailHref} />
          <div className={NEEDS_SCRIPT_CLASS}>
            <MapErrorBoundary>
              <LazyLeafletMap
                services={mapped}
                searched={search.data.location}
                radiusMiles={radiusMiles}
                tiles={tiles}
                label={`Map of services near ${postcode}`}
                onOpenService={onOpenService}
              >
                <p
                  aria-hidden="true"
                  className="absolute top-2 right-2 z-[1000] rounded bg-white px-3 py-1 font-bold shadow"
                >
                  {totalResults} services found
                </p>
              </LazyLeafletMap>
            </MapErrorBoundary>
            <MapKey postcode={postcode} radiusMiles={radiusMiles} />
            {unmapped.length > 0 && (
              <UnmappedServices services={unmapped} onOpenService={onOpenService} />
            )}
          </div>
          {/* The national lines for the need asked about, as /results offers them (decision 027). */}
          <HelplineList
            helplines={search.data.helplines}
            notice={search.data.helplineNotice}
            heading="Lines you can call"
            variant="compact"
          />
        </>
      )}
    </div>
  );
}
