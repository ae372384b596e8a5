import type { ListingFields } from '@locals/contracts/listing';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListingFieldsForm } from '@/components/listing-form/listing-fields-form';
import { listingFormErrors } from '@/components/listing-form/listing-form-fields';
import type { ListingFormError } from '@/components/listing-form/listing-form-fields';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useMyListing } from '../api/my-listing';
import { useUpdateMyListing } from '../api/update-my-listing';
import { checkedOn } from '@/components/listing-check/checked-dates';
import { LastChecked } from '@/components/listing-check/last-checked';
import { SuccessBanner } from './success-banner';

const PAGE = 'mx-auto max-w-3xl px-4 py-8';
const HEADING = 'mb-4 text-4xl font-extrabold';

function NotYours() {
  return (
    <div className={PAGE}>
      <h1 className={HEADING}>You cannot edit this listing</h1>
      <p className="mb-4 max-w-prose text-lg">
        Only the organisation that runs a service can edit its listing. If you run it, use the link
        we emailed to the organisation to manage it, signed in with that email address.
      </p>
      <p className="text-lg">
        <Link to={paths.myListings}>Go to your listings</Link>
      </p>
    </div>
  );
}

function NotFound() {
  return (
    <div className={PAGE}>
      <h1 className={HEADING}>We could not find this listing</h1>
      <p className="mb-4 max-w-prose text-lg">It may have been removed from Locals.</p>
      <p className="text-lg">
        <Link to={paths.myListings}>Go to your listings</Link>
      </p>
    </div>
  );
}

/** A failed save: what the API said, and that nothing typed is lost. */
function saveErrors(error: unknown): ListingFormError[] {
  const errors = listingFormErrors(error);
  if (errors.some((item) => item.field)) return errors;
  return [
    ...errors,
    { message: 'Your changes have not been saved. Everything you typed is still here.' },
  ];
}

/** A provider editing one of their listings: every field, live as soon as it is saved. */
export function EditMyListing({
  id,
  claimedListing,
}: {
  id: string;
  claimedListing: string | null;
}) {
  const listingQuery = useMyListing(id);
  const update = useUpdateMyListing(id);
  const [saveCount, setSaveCount] = useState(0);
  // One key per submission: sending the same fields again after a failure is a retry of it.
  const submission = useRef<{ fields: string; key: string } | null>(null);
  const name = listingQuery.data?.listing.name;
  const status = isApiError(listingQuery.error) ? listingQuery.error.status : 0;
  const isNotFound = status === 400 || status === 404;
  useDocumentTitle(
    status === 403
      ? 'You cannot edit this listing'
      : isNotFound
        ? 'Listing not found'
        : name
          ? `Edit ${name}`
          : 'Edit your listing',
  );

  if (listingQuery.isPending)
    return (
      <p role="status" className={PAGE}>
        Loading your listing...
      </p>
    );
  if (status === 403) return <NotYours />;
  if (isNotFound) return <NotFound />;
  if (listingQuery.isError) {
    return (
      <div role="alert" className={PAGE}>
        <h1 className={HEADING}>We could not load your listing</h1>
        <p className="mb-4 text-lg">{listingQuery.error.message}</p>
        <Button onClick={() => void listingQuery.refetch()}>Try again</Button>
      </div>
    );
  }

  const editable = listingQuery.data;

  async function save(listing: ListingFields) {
    const fields = JSON.stringify(listing);
    if (submission.current?.fields !== fields) {
      submission.current = { fields, key: newIdempotencyKey() };
    }
    try {
      await update.mutateAsync({ listing, idempotencyKey: submission.current.key });
      submission.current = null;
      setSaveCount((count) => count + 1);
    } catch {
      // Shown from update.error, beside the fields; what was typed stays in the form.
    }
  }

  return (
    <div className={PAGE}>
      {update.isSuccess && saveCount > 0 && (
        <SuccessBanner key={saveCount} heading="Your changes are live">
          {editable.lastChecked && (
            <p className="text-lg">
              Last checked{' '}
              <time dateTime={editable.lastChecked}>{checkedOn(editable.lastChecked)}</time>
            </p>
          )}
        </SuccessBanner>
      )}
      {claimedListing && saveCount === 0 && (
        <SuccessBanner heading={`You now manage ${claimedListing}`}>
          <p className="text-lg">Check the details below and save any changes.</p>
        </SuccessBanner>
      )}
      <p className="mb-2">
        <Link to={paths.myListings}>Back to your listings</Link>
      </p>
      <h1 className={HEADING}>Edit {editable.listing.name}</h1>
      <div className="mb-4">
        <LastChecked lastChecked={editable.lastChecked} stale={editable.stale} />
      </div>
      <p className="mb-6 max-w-prose text-lg">
        Changes are live on Locals as soon as you save them, and mark the listing as checked today.
      </p>
      <ListingFieldsForm
        initial={editable.listing}
        submitLabel="Save changes"
        onSubmit={save}
        serverErrors={update.isError ? saveErrors(update.error) : []}
        isSubmitting={update.isPending}
      />
    </div>
  );
}
