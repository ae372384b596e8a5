import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePendingApplications } from '../api/list-pending-applications';
import { ApplicationsSummary } from './applications-summary';
import { ModerationLinks } from './moderation-links';
import { PendingApplicationsTable } from './pending-applications-table';
import { QueryProblem } from './query-problem';

export function ModerationDashboard() {
  useDocumentTitle('Moderation');
  const query = usePendingApplications();
  if (query.isPending) return <p role="status">Loading the applications...</p>;
  if (query.isError) {
    return (
      <QueryProblem
        error={query.error}
        what="the applications"
        onTryAgain={() => void query.refetch()}
      />
    );
  }
  const { applications, total, overdueCount } = query.data;
  return (
    <>
      <h1 className="mb-6 text-4xl font-extrabold sm:text-5xl">Moderation</h1>
      <ApplicationsSummary total={total} overdueCount={overdueCount} />
      <PendingApplicationsTable applications={applications} />
      <ModerationLinks />
    </>
  );
}
