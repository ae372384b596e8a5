import { Suspense, lazy } from 'react';
import { NEW_EVENT_PATH } from '@locals/contracts/page-forms';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackToHomeLink } from '@/components/layout/back-to-home-link';
import { useSearchEvents } from '@/features/events/api/search-events';
import { EventList, EventsCount } from '@/features/events/components/event-list';
import { EventsFilterForm } from '@/features/events/components/events-filter-form';
import { wasPaged } from '@/features/events/components/events-pager';
import { EventsFailed, NoEvents } from '@/features/events/components/events-states';
import { eventsHref, readEventFilters } from '@/features/events/event-filters';
import type { EventFilters } from '@/features/events/event-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useItemInUrl } from '@/hooks/use-item-in-url';
import { analytics } from '@/lib/analytics';

// The details dialog (and Radix Dialog with it) loads when an event is first opened.
const EventDetailDialog = lazy(() =>
  import('@/app/event-listing/event-detail-dialog').then((m) => ({
    default: m.EventDetailDialog,
  })),
);

function EventDetailsLoading() {
  return (
    <p
      role="status"
      className="fixed inset-x-4 top-1/3 z-50 mx-auto w-fit rounded bg-white p-4 text-lg font-bold shadow-lg"
    >
      Loading event details...
    </p>
  );
}

export function EventsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const historyState: unknown = useLocation().state;
  const filters = readEventFilters(params);
  const detail = useItemInUrl('eventId');
  const search = useSearchEvents(filters);
  const answer = search.data;
  const response = answer?.kind === 'found' ? answer.response : undefined;
  useDocumentTitle('Community events');

  function searchFor(next: EventFilters) {
    analytics.track('search', { search_term: next.category, postcode: next.location });
    void navigate(eventsHref(next));
  }

  function openEvent(eventId: string) {
    analytics.track('select_content', { content_type: 'event', item_id: eventId });
    detail.open(eventId);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <BackToHomeLink />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Community Events &amp; Support</h1>
      <p className="mb-6 max-w-prose text-lg">
        Drop-ins, workshops, support groups and community meals near you. Search by postcode, or
        choose a date or a kind of event.
      </p>
      <p className="mb-6 max-w-prose text-lg">
        Run a coffee morning, a food stall or a walking group?{' '}
        <Link to={NEW_EVENT_PATH} className="font-bold text-link underline">
          Add your event
        </Link>{' '}
        (free; you sign in, and we check it before it appears).
      </p>
      <EventsFilterForm
        // A new address (a search, Clear Filters, Back) refills the fields from it.
        key={eventsHref(filters)}
        filters={filters}
        problems={answer?.kind === 'refused' ? answer.problems : []}
        onSearch={searchFor}
      />
      {/* One region for loading, the count and "none found", so each change is announced. */}
      <div role="status" className="mb-4">
        {search.isFetching && !answer && <p className="text-lg">Loading events...</p>}
        {response && response.events.length > 0 && (
          <EventsCount totalCount={response.totalCount} isPaged={wasPaged(historyState)} />
        )}
        {response?.events.length === 0 && (
          <NoEvents firstPageHref={response.page > 1 ? eventsHref(filters, 1) : null} />
        )}
      </div>
      {search.isError && !search.isFetching && (
        <EventsFailed message={search.error.message} onTryAgain={() => void search.refetch()} />
      )}
      {response && response.events.length > 0 && (
        <EventList response={response} filters={filters} onOpen={openEvent} />
      )}
      {detail.id && (
        <Suspense fallback={<EventDetailsLoading />}>
          <EventDetailDialog
            eventId={detail.id}
            closeHref={eventsHref(filters)}
            onClose={detail.close}
          />
        </Suspense>
      )}
    </div>
  );
}
