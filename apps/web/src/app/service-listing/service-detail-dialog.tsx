import type { ServiceDetail } from '@locals/contracts/search';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { DetailDialog, DetailInPage } from '@/components/ui/detail-dialog';
import { ReviewsErrorBoundary } from '@/features/reviews/components/reviews-error-boundary';
import { useService } from '@/features/services/api/get-service';
import { ServiceBadges } from '@/features/services/components/service-badges';
import { ServiceDetailFields } from '@/features/services/components/service-detail-fields';
import { ServicePhotos } from '@/features/services/components/service-photos';
import { analytics } from '@/lib/analytics';
import { DemoListingNotice } from './demo-listing-notice';
import { LazyReviewsSection } from './lazy-engagement';
import { ServiceDetailActions } from './service-detail-actions';
import { SERVICE_DETAIL_ANCHOR } from './service-detail-anchor';
import { ServiceUnavailable, unavailableText } from './service-unavailable';

type ServiceDetailDialogProps = {
  serviceId: string;
  /** The distance shown on the card, used when the detail has none. */
  distance: string | null;
  /**
   * The results without this service, where a reader without JavaScript goes back to; pages
   * that need JavaScript anyway (the map, bookmarks) leave it out.
   */
  closeHref?: string;
  onClose: () => void;
};

/** The title, and the description under it that screen readers read as the dialog opens. */
function headingText(
  service: ServiceDetail | undefined,
  error: Error | null,
): { title: string; description: ReactNode } {
  if (service?.isDemo) {
    return {
      title: service.name,
      description: (
        <strong>This is an example listing, not a real service. Do not visit or call it.</strong>
      ),
    };
  }
  if (service) {
    return {
      title: service.name,
      description: service.provider ? `Provided by ${service.provider}` : 'Service details',
    };
  }
  if (error) {
    const { title, message } = unavailableText(error);
    // Inserted when the request fails, so it is announced; a toast as well would say it twice.
    return { title, description: <span role="alert">{message}</span> };
  }
  return { title: 'Loading service details...', description: 'Service details' };
}

/**
 * The details as part of the page the server renders (decision 018), for a browser without
 * JavaScript (the dialog needs scripts to open) and for everyone until the app has taken over
 * the page; then the dialog shows them. At the end of the page, so nothing moves when it goes.
 */
function ServiceDetailInPage({
  service,
  distance,
  closeHref,
}: {
  service: ServiceDetail;
  distance: string | null;
  closeHref: string;
}) {
  return (
    <DetailInPage
      id={SERVICE_DETAIL_ANCHOR}
      headingId="service-detail-heading"
      title={service.name}
      closeHref={closeHref}
      closeText="Back to the results"
    >
      <p className="mb-4">{headingText(service, null).description}</p>
      {service.isDemo && <DemoListingNotice service={service} />}
      <ServiceDetailFields service={service} distance={distance} />
      <ServicePhotos images={service.images} serviceName={service.name} />
    </DetailInPage>
  );
}

export function ServiceDetailDialog({
  serviceId,
  distance,
  closeHref,
  onClose,
}: ServiceDetailDialogProps) {
  const { data: service, isPending, isError, error, refetch } = useService(serviceId);

  // Reacting to the query's outcome, not deriving state: an analytics event.
  useEffect(() => {
    if (service) analytics.track('view_item', { item_id: service.id, item_name: service.name });
  }, [service]);

  const { title, description } = headingText(service, error);
  return (
    <DetailDialog
      title={title}
      description={description}
      onClose={onClose}
      inPage={
        service &&
        closeHref && (
          <ServiceDetailInPage service={service} distance={distance} closeHref={closeHref} />
        )
      }
    >
      {isPending && <p role="status">Loading service details...</p>}
      {isError && <ServiceUnavailable error={error} onTryAgain={() => void refetch()} />}
      {service && (
        <>
          {service.isDemo && <DemoListingNotice service={service} />}
          {(service.isDemo || service.verified || service.listedBy) && (
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <ServiceBadges isSample={false} service={service} />
            </div>
          )}
          <ServiceDetailActions serviceId={service.id} serviceName={service.name} />
          <ServiceDetailFields service={service} distance={distance} />
          <ServicePhotos images={service.images} serviceName={service.name} />
          {/* Its own boundary too: if the reviews' code cannot load, the details stay. */}
          <ReviewsErrorBoundary>
            <Suspense fallback={<p role="status">Loading reviews...</p>}>
              <LazyReviewsSection serviceId={service.id} serviceName={service.name} />
            </Suspense>
          </ReviewsErrorBoundary>
        </>
      )}
    </DetailDialog>
  );
}
