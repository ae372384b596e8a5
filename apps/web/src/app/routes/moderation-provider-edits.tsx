import { ProviderEdits } from '@/features/moderation/components/provider-edits';
import { ModeratorOnly } from './moderation-access';

/** /moderation/provider-edits: providers' recent edits of their listings, to review or revert. */
export function ModerationProviderEditsRoute() {
  return (
    <ModeratorOnly>
      <ProviderEdits />
    </ModeratorOnly>
  );
}
