import type { ListingLink } from '@locals/contracts/providers';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useConfirmListing, useListingLink } from '../api/listing-link';
import { checkedOn } from '@/components/listing-check/checked-dates';
import { ExpiredLink } from './expired-link';
import { useFocusOnMount } from './focus-on-mount';

const HEADING = 'mb-4 text-4xl font-extrabold';

function Outcome({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className={HEADING}>{title}</h1>
      <div className="max-w-prose space-y-4 text-lg">{children}</div>
    </>
  );
}

function LinkNotFound() {
  return (
    <Outcome title="We could not find this link">
      <p>Check you used the whole link from the email, or copy and paste it into your browser.</p>
      <p>
        If it still does not work, <Link to={paths.support}>contact us</Link>.
      </p>
    </Outcome>
  );
}

function LinkUsed() {
  return (
    <Outcome title="This link has already been used">
      <p>
        Links in our emails work once. If you used it to say the listing is correct, thank you:
        there is nothing more to do.
      </p>
      <p>
        If something has changed, sign in and edit the listing from{' '}
        <Link to={paths.myListings}>My listings</Link>.
      </p>
    </Outcome>
  );
}

function LinkExpired({ token }: { token: string }) {
  return (
    <ExpiredLink token={token}>
      <p>
        Or, to check or change the listing, sign in and go to{' '}
        <Link to={paths.myListings}>My listings</Link>.
      </p>
    </ExpiredLink>
  );
}

/** GOV.UK confirmation panel: the outcome, as the page's heading, focused. */
function Confirmed({ serviceName, lastChecked }: { serviceName: string; lastChecked: string }) {
  useDocumentTitle('Thank you');
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <>
      <div ref={ref} tabIndex={-1} className="mb-6 bg-success p-6 text-center text-white">
        <h1 className="mb-2 text-4xl font-extrabold">Thank you</h1>
        <p className="text-2xl">
          {serviceName} is marked as checked on{' '}
          <time dateTime={lastChecked}>{checkedOn(lastChecked)}</time>
        </p>
      </div>
      <p className="max-w-prose text-lg">
        We will ask you again in a year. If anything changes before then, sign in and edit the
        listing from <Link to={paths.myListings}>My listings</Link>.
      </p>
    </>
  );
}

/** A link sent for another purpose: managing the listing is on the claim page. */
function ManageInstead({ link, token }: { link: ListingLink; token: string }) {
  const search = new URLSearchParams({ token });
  if (link.purpose === 'something-changed') search.set('next', 'edit');
  return (
    <Outcome title={`Manage the listing for ${link.serviceName}`}>
      <p>This link is for managing the listing.</p>
      <p>
        <Link to={`${paths.myListingClaim}?${search.toString()}`}>
          Continue to manage the listing
        </Link>
      </p>
    </Outcome>
  );
}

/** Its own component so its title is set where the question is shown (children's effects run first). */
function Question({ children }: { children: ReactNode }) {
  useDocumentTitle('Is your listing still correct?');
  return <>{children}</>;
}

function Loading() {
  useDocumentTitle('Checking your link');
  return <p role="status">Loading...</p>;
}

function StillCorrect({ link, token }: { link: ListingLink; token: string }) {
  const confirm = useConfirmListing();
  // One check, one key: pressing the button again after a failure is a retry of the same check.
  const key = useRef<string | null>(null);

  if (confirm.isSuccess) {
    return (
      <Confirmed serviceName={confirm.data.serviceName} lastChecked={confirm.data.lastChecked} />
    );
  }
  const status = isApiError(confirm.error) ? confirm.error.status : 0;
  if (status === 410) return <LinkExpired token={token} />;
  if (status === 404 || status === 400) return <LinkNotFound />;

  function send() {
    key.current ??= newIdempotencyKey();
    confirm.mutate({ token, idempotencyKey: key.current });
  }

  return (
    <Question>
      {confirm.isError && (
        <div role="alert" className="mb-6 border-4 border-danger p-4">
          <h2 className="mb-2 text-xl font-bold">There is a problem</h2>
          <p className="text-lg">{confirm.error.message}</p>
        </div>
      )}
      <h1 className={HEADING}>Is the listing for {link.serviceName} still correct?</h1>
      <p className="mb-6 max-w-prose text-lg">
        It has not been checked for nearly a year. If every detail is still right, tell us and we
        will show people it has been checked today.
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
        <Button disabled={confirm.isPending} onClick={send}>
          {confirm.isPending ? 'Please wait...' : 'Yes, it is still correct'}
        </Button>
        <Link to={paths.myListings} className="text-lg">
          Something has changed: sign in to edit it
        </Link>
      </div>
    </Question>
  );
}

/** /listing-check?token=: the "is your listing still correct?" link from the 11-month email. */
export function ListingCheck({ token }: { token: string }) {
  const linkQuery = useListingLink(token);

  if (token === '') return <LinkNotFound />;
  if (linkQuery.isPending) return <Loading />;
  if (isApiError(linkQuery.error) && [400, 404].includes(linkQuery.error.status)) {
    return <LinkNotFound />;
  }
  if (linkQuery.isError) {
    return (
      <Outcome title="We could not open this link">
        <p role="alert">{linkQuery.error.message}</p>
        <Button onClick={() => void linkQuery.refetch()}>Try again</Button>
      </Outcome>
    );
  }

  const link = linkQuery.data;
  if (link.state === 'used') return <LinkUsed />;
  if (link.state === 'expired') return <LinkExpired token={token} />;
  if (link.purpose !== 'still-correct') return <ManageInstead link={link} token={token} />;
  return <StillCorrect link={link} token={token} />;
}
