import { EscalatedSuggestions } from '@/features/moderation/components/escalated-suggestions';
import { ModeratorOnly } from './moderation-access';

/** /moderation/suggestions: suggestions about unclaimed listings, or unanswered for 5 business days. */
export function ModerationSuggestionsRoute() {
  return (
    <ModeratorOnly>
      <EscalatedSuggestions />
    </ModeratorOnly>
  );
}
