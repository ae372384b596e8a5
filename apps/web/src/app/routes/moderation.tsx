import { ModerationDashboard } from '@/features/moderation/components/moderation-dashboard';
import { ModeratorOnly } from './moderation-access';

/** /moderation: provider applications waiting for a decision, oldest first (issue 15). */
export function ModerationRoute() {
  return (
    <ModeratorOnly>
      <ModerationDashboard />
    </ModeratorOnly>
  );
}
