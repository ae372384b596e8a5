import { useSearchParams } from 'react-router';
import { StaleListings } from '@/features/moderation/components/stale-listings';
import { pageFromParam } from '@/features/moderation/page-param';
import { ModeratorOnly } from './moderation-access';

/** /moderation/stale?page=: listings nobody has checked for 12 months. */
export function ModerationStaleRoute() {
  const [params] = useSearchParams();
  return (
    <ModeratorOnly>
      <StaleListings page={pageFromParam(params.get('page'))} />
    </ModeratorOnly>
  );
}
