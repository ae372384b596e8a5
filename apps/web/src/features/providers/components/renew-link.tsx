import type { RenewListingLinkResponse } from '@locals/contracts/providers';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { longDate } from '@/lib/long-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRenewListingLink } from '../api/listing-link';
import { ProblemPanel } from './problem-panel';
import { SuccessBanner } from './success-banner';

/** Where the new link went, and for how long it works; focused so it is read out. */
function LinkSent({ renewal }: { renewal: RenewListingLinkResponse }) {
  return (
    <SuccessBanner heading={renewal.sent ? 'We have sent you a new link' : 'Check your email'}>
      <p className="text-lg">
        {renewal.sent
          ? `We have sent a new link to ${renewal.email}. It works for 7 days.`
          : `We have already sent a new link to ${renewal.email}. It works until ${longDate(renewal.expiresAt)}.`}
      </p>
      <p className="text-lg">If it has not arrived in a few minutes, check your spam folder.</p>
    </SuccessBanner>
  );
}

/**
 * "Send me a new link" for an expired emailed link: a new one goes to the address the old one
 * went to, never anywhere else, so the page needs no sign-in.
 */
export function RenewLink({ token }: { token: string }) {
  const renew = useRenewListingLink();
  // One request for a link, one key: pressing again after a failure is a retry of the same one.
  const key = useRef<string | null>(null);

  if (renew.isSuccess) return <LinkSent renewal={renew.data} />;

  function send() {
    key.current ??= newIdempotencyKey();
    renew.mutate({ token, idempotencyKey: key.current });
  }

  return (
    <>
      {renew.isError && <ProblemPanel message={renew.error.message} />}
      <Button disabled={renew.isPending} onClick={send}>
        {renew.isPending ? 'Please wait...' : 'Send me a new link'}
      </Button>
    </>
  );
}
