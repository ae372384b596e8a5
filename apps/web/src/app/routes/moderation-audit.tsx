import { useSearchParams } from 'react-router';
import { AuditLog } from '@/features/moderation/components/audit-log';
import { pageFromParam } from '@/features/moderation/page-param';
import { ModeratorOnly } from './moderation-access';

/** /moderation/audit?page=: the append-only log of moderation actions, newest first. */
export function ModerationAuditRoute() {
  const [params] = useSearchParams();
  return (
    <ModeratorOnly>
      <AuditLog page={pageFromParam(params.get('page'))} />
    </ModeratorOnly>
  );
}
