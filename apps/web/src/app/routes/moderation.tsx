import { ModerationDashboard } from '@/features/moderation/components/moderation-dashboard';
import { ModeratorOnly } from './moderation-access';

/** /moderation: provider applications waiting for a decision, oldest first (decision 023). */
export function ModerationRoute() {
  return (
    <ModeratorOnly>
      <ModerationDashboard />
    </ModeratorOnly>
  );
}
