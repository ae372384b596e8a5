import type { ServiceDetail } from '@locals/contracts/search';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { ReviewsErrorBoundary } from '@/features/reviews/components/reviews-error-boundary';
import { analytics } from '@/lib/analytics';
import { useService } from '../api/get-service';
import { DemoListingNotice } from './demo-listing-notice';
import { LazyReviewsSection } from './lazy-engagement';
import { ServiceBadges } from './service-badges';
import { ServiceDetailActions } from './service-detail-actions';
import { ServiceDetailFields } from './service-detail-fields';
import { ServicePhotos } from './service-photos';

type ServiceDetailDialogProps = {
  serviceId: string;
  /** The distance shown on the card, used when the detail has none. */
  distance: string | null;
  onClose: () => void;
};

/** The description under the title, which screen readers read as the dialog opens. */
function descriptionOf(service: ServiceDetail | undefined): ReactNode {
  if (service?.isDemo) {
    return (
      <strong>This is an example listing, not a real service. Do not visit or call it.</strong>
    );
  }
  return service?.provider ? `Provided by ${service.provider}` : 'Service details';
}

export function ServiceDetailDialog({ serviceId, distance, onClose }: ServiceDetailDialogProps) {
  const { data: service, isPending, isError } = useService(serviceId);
  const { toast } = useToast();

  // Reacting to the query's outcome, not deriving state: a toast and an analytics event.
  useEffect(() => {
    if (isError) toast({ title: 'Failed to load service details', variant: 'destructive' });
  }, [isError, toast]);
  useEffect(() => {
    if (service) analytics.track('view_item', { item_id: service.id, item_name: service.name });
  }, [service]);

  const title = service?.name ?? (isPending ? 'Loading service details...' : 'Service details');
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent size="large" title={title} description={descriptionOf(service)}>
        {isPending && <p role="status">Loading service details...</p>}
        {isError && <p role="alert">Failed to load service details. Please try again later.</p>}
        {service && (
          <>
            {service.isDemo && <DemoListingNotice service={service} />}
            {(service.isDemo || service.verified) && (
              <div className="mb-4 flex flex-wrap items-center gap-2">
                <ServiceBadges
                  isSample={false}
                  isDemo={service.isDemo}
                  isVerified={service.verified}
                />
              </div>
            )}
            <ServiceDetailActions serviceId={service.id} serviceName={service.name} />
            <ServiceDetailFields service={service} distance={distance} />
            <h3 className="mb-2 text-xl font-bold">Photos</h3>
            <ServicePhotos images={service.images} serviceName={service.name} />
            {/* Its own boundary too: if the reviews' code cannot load, the details stay. */}
            <ReviewsErrorBoundary>
              <Suspense fallback={<p role="status">Loading reviews...</p>}>
                <LazyReviewsSection serviceId={service.id} serviceName={service.name} />
              </Suspense>
            </ReviewsErrorBoundary>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
