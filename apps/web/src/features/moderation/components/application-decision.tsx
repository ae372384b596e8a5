import type { ApplicationDetail } from '@locals/contracts/moderation';
import { isApiError } from '@/lib/api-client';
import { useApproveApplication, useRejectApplication } from '../api/decide-application';
import { ApplicationOutcome, EarlierDecision } from './application-outcome';
import { ApproveApplicationForm } from './approve-application-form';
import { RejectApplicationForm } from './reject-application-form';

function conflictMessage(...errors: (Error | null)[]): string | null {
  const conflict = errors.find((error) => isApiError(error) && error.status === 409);
  return conflict?.message ?? null;
}

/** Approve or reject while the application waits; afterwards, what was decided. */
export function ApplicationDecision({ application }: { application: ApplicationDetail }) {
  const approve = useApproveApplication(application.id);
  const reject = useRejectApplication(application.id);
  const conflict = conflictMessage(approve.error, reject.error);

  if (approve.isSuccess) {
    return (
      <ApplicationOutcome
        outcome={{
          decision: 'approved',
          name: approve.variables.listing.name,
          postcode: approve.variables.listing.postcode,
          serviceId: approve.data.application.serviceId,
        }}
      />
    );
  }
  if (reject.isSuccess) {
    return <ApplicationOutcome outcome={{ decision: 'rejected', email: application.email }} />;
  }
  return (
    <>
      {conflict && (
        <p role="alert" className="mb-6 border-l-8 border-danger p-4 text-lg font-bold">
          {conflict}
        </p>
      )}
      {application.status === 'received' ? (
        <>
          <ApproveApplicationForm application={application} approve={approve} />
          <RejectApplicationForm email={application.email} reject={reject} />
        </>
      ) : (
        <EarlierDecision application={application} />
      )}
    </>
  );
}
