import { useLocation, useParams } from 'react-router';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { EditMyListing } from '@/features/providers/components/edit-my-listing';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { claimedListingOf } from '@/features/providers/listing-links';
import { useSession } from '@/lib/auth';

/** /my-listings/:id/edit: a provider editing one of their listings (decision 024). */
export function MyListingEditRoute() {
  const session = useSession();
  const { id = '' } = useParams();
  const claimed = claimedListingOf(useLocation().state);

  if (session.isSignedIn) return <EditMyListing id={id} claimedListing={claimed} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {session.isPending ? (
        <SessionLoading />
      ) : (
        <SignInPrompt heading="Sign in to edit your listing" signIn={<SignInButton />}>
          <p>You must sign in to edit the listings you manage.</p>
        </SignInPrompt>
      )}
    </div>
  );
}
