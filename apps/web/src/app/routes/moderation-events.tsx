import { PendingEvents } from '@/features/moderation/components/pending-events';
import { ModeratorOnly } from './moderation-access';

/** /moderation/events: events organisers submitted, waiting to be published or refused. */
export function ModerationEventsRoute() {
  return (
    <ModeratorOnly>
      <PendingEvents />
    </ModeratorOnly>
  );
}
