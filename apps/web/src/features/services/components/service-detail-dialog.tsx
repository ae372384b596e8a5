import { Bookmark } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { analytics } from '@/lib/analytics';
import { useSession } from '@/lib/auth';
import { useService } from '../api/get-service';
import { ServiceBadges } from './service-badges';
import { ServiceDetailFields } from './service-detail-fields';
import { ServicePhotos } from './service-photos';

type ServiceDetailDialogProps = {
  serviceId: string;
  /** The distance shown on the card, used when the detail has none. */
  distance: string | null;
  onClose: () => void;
};

export function ServiceDetailDialog({ serviceId, distance, onClose }: ServiceDetailDialogProps) {
  const { data: service, isPending, isError } = useService(serviceId);
  const { toast } = useToast();
  const session = useSession();

  // Reacting to the query's outcome, not deriving state: a toast and an analytics event.
  useEffect(() => {
    if (isError) toast({ title: 'Failed to load service details', variant: 'destructive' });
  }, [isError, toast]);
  useEffect(() => {
    if (service) analytics.track('view_item', { item_id: service.id, item_name: service.name });
  }, [service]);

  function bookmark() {
    // Spec 2: in the details, a signed-out bookmark gets a toast, not a login prompt.
    if (!session.isSignedIn) {
      toast({
        title: 'Authentication Required',
        description: 'You must log in to bookmark services.',
        variant: 'destructive',
      });
    }
  }

  const title = service?.name ?? (isPending ? 'Loading service details...' : 'Service details');
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        size="large"
        title={title}
        description={service?.provider ? `Provided by ${service.provider}` : 'Service details'}
      >
        {isPending && <p role="status">Loading service details...</p>}
        {isError && <p role="alert">Failed to load service details. Please try again later.</p>}
        {service && (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <ServiceBadges
                isSample={false}
                isDemo={service.isDemo}
                isVerified={service.verified}
              />
              <Button variant="secondary" onClick={bookmark}>
                <Bookmark aria-hidden="true" className="size-5" />
                Bookmark
              </Button>
            </div>
            <ServiceDetailFields service={service} distance={distance} />
            <h3 className="mb-2 text-xl font-bold">Photos</h3>
            <ServicePhotos images={service.images} serviceName={service.name} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
