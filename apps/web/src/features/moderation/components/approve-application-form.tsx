import type { ListingFields, ListingFieldsInput } from '@locals/contracts/listing';
import type { ApplicationDetail } from '@locals/contracts/moderation';
import { useRef } from 'react';
import { ListingFieldsForm } from '@/components/listing-form/listing-fields-form';
import { listingFormErrors } from '@/components/listing-form/listing-form-fields';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { useApproveApplication } from '../api/decide-application';

/** The listing as the applicant described it; the moderator adds categories and hours. */
function listingFromApplication(application: ApplicationDetail): ListingFieldsInput {
  return {
    name: application.organizationName,
    description: application.description,
    categories: [],
    phones: [application.phone],
    email: application.email,
    website: application.website ?? '',
    address: application.address,
    postcode: application.postcode ?? '',
    openingHours: '',
  };
}

type ApproveApplicationFormProps = {
  application: ApplicationDetail;
  approve: ReturnType<typeof useApproveApplication>;
};

export function ApproveApplicationForm({ application, approve }: ApproveApplicationFormProps) {
  // One key per listing as submitted: sending the same fields again is a retry, not a new one.
  const submission = useRef<{ fields: string; key: string } | null>(null);

  function keyFor(listing: ListingFields): string {
    const fields = JSON.stringify(listing);
    if (submission.current?.fields !== fields) {
      submission.current = { fields, key: newIdempotencyKey() };
    }
    return submission.current.key;
  }

  // A 409 is shown above both forms, with the decision someone else made.
  const isConflict = isApiError(approve.error) && approve.error.status === 409;
  return (
    <section aria-labelledby="approve-heading" className="mb-8">
      <h2 id="approve-heading" className="mb-2 text-2xl font-bold">
        Approve
      </h2>
      <p className="mb-4 max-w-prose text-lg">
        Check and complete the listing. Approving publishes it at once, marked as checked today, and
        emails {application.email}.
      </p>
      <ListingFieldsForm
        initial={listingFromApplication(application)}
        submitLabel="Approve and publish listing"
        idPrefix="approve"
        isSubmitting={approve.isPending}
        serverErrors={approve.isPending || isConflict ? [] : listingFormErrors(approve.error)}
        onSubmit={(listing) => approve.mutate({ listing, idempotencyKey: keyFor(listing) })}
      />
    </section>
  );
}
