import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNoIndex } from '@/hooks/use-no-index';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { useListingLink } from '@/features/providers/api/listing-link';
import { ClaimListing } from '@/features/providers/components/claim-listing';
import { ExpiredLink } from '@/features/providers/components/expired-link';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { useSession } from '@/lib/auth';

function IncompleteLink() {
  useDocumentTitle('This link is not complete');
  return (
    <>
      <h1 className="mb-4 text-4xl font-extrabold">This link is not complete</h1>
      <p className="max-w-prose text-lg">
        Copy the whole link from the email into your browser. If it still does not work,{' '}
        <Link to={paths.support}>contact us</Link>.
      </p>
    </>
  );
}

function Claim({ token, next, email }: { token: string; next: string | null; email: string }) {
  useDocumentTitle('Manage your listing');
  return <ClaimListing token={token} next={next} email={email} />;
}

/**
 * /my-listings/claim?token=: the link emailed when an application is approved. Opening it only
 * shows a page; the person signs in and presses the button to take on the listing. An expired
 * link offers a new one instead, before any sign-in.
 */
export function MyListingClaimRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const token = params.get('token') ?? '';
  // Whether the link has expired, asked first: a new one needs no sign-in. Reading changes nothing.
  const link = useListingLink(token.trim());
  useNoIndex();

  let content;
  if (token.trim() === '') content = <IncompleteLink />;
  else if (link.data?.state === 'expired') content = <ExpiredLink token={token} />;
  else if (session.isPending || link.isPending) content = <SessionLoading />;
  else if (!session.isSignedIn) {
    content = (
      <SignInPrompt heading="Sign in to manage your listing" signIn={<SignInButton />}>
        <p>Sign in with the email address we sent this link to, to manage your listing.</p>
        <p>If you do not have an account yet, create one with that email address.</p>
      </SignInPrompt>
    );
  } else {
    content = <Claim token={token} next={params.get('next')} email={session.user.email} />;
  }
  return <div className="mx-auto max-w-3xl px-4 py-8">{content}</div>;
}
