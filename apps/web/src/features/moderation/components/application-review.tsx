import type { ClientConfig } from '@locals/contracts/client-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useApplication } from '../api/get-application';
import { ApplicationDecision } from './application-decision';
import { ApplicationFields } from './application-fields';
import { ApplicationPosition } from './application-position';
import { BackToModeration } from './back-to-moderation';
import { PossibleDuplicates } from './possible-duplicates';
import { QueryProblem } from './query-problem';
import { Tag } from './tag';

const STATUS_TEXT = { received: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as const;

type ApplicationReviewProps = { id: string; tiles: ClientConfig['map'] | null };

/** One application: what was sent, what it may duplicate, where it is, and the decision. */
export function ApplicationReview({ id, tiles }: ApplicationReviewProps) {
  const query = useApplication(id);
  const name = query.data?.organizationName;
  useDocumentTitle(name ? `Application from ${name}` : 'Application');
  if (query.isPending) return <p role="status">Loading the application...</p>;
  if (query.isError) {
    return (
      <QueryProblem
        error={query.error}
        what="this application"
        onTryAgain={() => void query.refetch()}
      />
    );
  }
  const application = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">
        Application from {application.organizationName}
      </h1>
      <p className="mb-6 text-lg">
        Status:{' '}
        <Tag
          tone={application.status === 'received' && application.overdue ? 'warning' : 'neutral'}
        >
          {STATUS_TEXT[application.status]}
        </Tag>
        {application.status === 'received' && application.overdue && (
          <span className="ml-2">Overdue: waiting longer than 2 business days</span>
        )}
      </p>
      <ApplicationFields application={application} />
      <PossibleDuplicates duplicates={application.duplicates} />
      <ApplicationPosition application={application} tiles={tiles} />
      <ApplicationDecision application={application} />
    </>
  );
}
