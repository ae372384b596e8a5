import { useParams } from 'react-router';
import { DEFAULT_MAP_CONFIG, useMapConfig } from '@/features/map/api/get-map-config';
import { ApplicationReview } from '@/features/moderation/components/application-review';
import { ModeratorOnly } from './moderation-access';

/** /moderation/applications/:id: review one provider application and decide it. */
export function ModerationApplicationRoute() {
  const { id = '' } = useParams();
  // The deployment's tile server, as the other maps use; the default if it cannot be read.
  const config = useMapConfig();
  const tiles = config.data ?? (config.isError ? DEFAULT_MAP_CONFIG : null);
  return (
    <ModeratorOnly>
      <ApplicationReview id={id} tiles={tiles} />
    </ModeratorOnly>
  );
}
