import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';

// The details dialogs (and Radix Dialog with them) load when a service or event is first opened.
const ServiceDetailDialog = lazy(() =>
  import('@/app/service-listing/service-detail-dialog').then((m) => ({
    default: m.ServiceDetailDialog,
  })),
);
const EventDetailDialog = lazy(() =>
  import('@/app/event-listing/event-detail-dialog').then((m) => ({
    default: m.EventDetailDialog,
  })),
);

/**
 * The details dialog of the service or event a page opens, for a page that needs JavaScript
 * anyway (bookmarks): no link back for a reader without it, nothing shown while it loads.
 */
export function useDetailDialog(type: 'service' | 'event'): {
  open: (id: string) => void;
  dialog: ReactNode;
} {
  const [openId, setOpenId] = useState<string | null>(null);
  const close = () => setOpenId(null);
  const dialog = openId && (
    <Suspense fallback={null}>
      {type === 'service' ? (
        <ServiceDetailDialog serviceId={openId} distance={null} onClose={close} />
      ) : (
        <EventDetailDialog eventId={openId} onClose={close} />
      )}
    </Suspense>
  );
  return { open: setOpenId, dialog };
}
