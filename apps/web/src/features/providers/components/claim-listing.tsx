import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useClaimListing } from '../api/claim-listing';
import { editListingHref } from '../listing-links';
import type { ClaimedState } from '../listing-links';
import { ProblemPanel } from './problem-panel';

type ClaimListingProps = {
  token: string;
  /** Go straight on to edit the listing ('edit'), or to the list of listings. */
  next: string | null;
  email: string;
};

function NextSteps({ status }: { status: number }) {
  if (status === 403) {
    return (
      <p className="text-lg">
        Sign out, then sign in (or create an account) with the email address the link was sent to,
        and open the link again.
      </p>
    );
  }
  if (status === 410) {
    return (
      <p className="text-lg">
        Links in our emails work once and for 7 days. If you have already used this one, your
        listings are in <Link to={paths.myListings}>My listings</Link>. Otherwise{' '}
        <Link to={paths.support}>contact us</Link>.
      </p>
    );
  }
  if (status === 404 || status === 400) {
    return (
      <p className="text-lg">
        Check you used the whole link from the email. If it still does not work,{' '}
        <Link to={paths.support}>contact us</Link>.
      </p>
    );
  }
  return <p className="text-lg">Please try again.</p>;
}

/**
 * A signed-in person taking on a listing with the link from their email. Opening the page
 * changes nothing (mail scanners open links): only the button uses the link.
 */
export function ClaimListing({ token, next, email }: ClaimListingProps) {
  const claim = useClaimListing();
  const navigate = useNavigate();
  const key = useRef<string | null>(null);

  function manage() {
    key.current ??= newIdempotencyKey();
    claim.mutate(
      { token, idempotencyKey: key.current },
      {
        onSuccess: ({ serviceId, name }) => {
          const state: ClaimedState = { claimedListing: name };
          void navigate(next === 'edit' ? editListingHref(serviceId) : paths.myListings, { state });
        },
      },
    );
  }

  const status = isApiError(claim.error) ? claim.error.status : 0;
  const isFinal = [400, 403, 404, 410].includes(status);
  return (
    <>
      {claim.isError && (
        <ProblemPanel message={claim.error.message}>
          <NextSteps status={status} />
        </ProblemPanel>
      )}
      <h1 className="mb-4 text-4xl font-extrabold">Manage your listing</h1>
      <p className="mb-4 max-w-prose text-lg">
        You are signed in as <strong>{email}</strong>. Once you manage the listing you can keep its
        details up to date, and we will email you when it needs checking.
      </p>
      {!isFinal && (
        <Button disabled={claim.isPending} onClick={manage}>
          {claim.isPending ? 'Please wait...' : 'Manage this listing'}
        </Button>
      )}
    </>
  );
}
