import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { claimedListingOf } from '@/features/providers/listing-links';
import { MyListingsList } from '@/features/providers/components/my-listings-list';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { SuccessBanner } from '@/features/providers/components/success-banner';
import { useSession } from '@/lib/auth';

function MyListings() {
  const claimed = claimedListingOf(useLocation().state);
  useDocumentTitle('My listings');
  return (
    <>
      {claimed && (
        <SuccessBanner heading={`You now manage ${claimed}`}>
          <p className="text-lg">You can edit its details from this page at any time.</p>
        </SuccessBanner>
      )}
      <h1 className="mb-6 text-4xl font-extrabold sm:text-5xl">My listings</h1>
      <MyListingsList />
    </>
  );
}

/** /my-listings: the listings a provider manages (decision 024). */
export function MyListingsRoute() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {session.isPending ? (
        <SessionLoading />
      ) : session.isSignedIn ? (
        <MyListings />
      ) : (
        <SignInPrompt heading="Sign in to see your listings" signIn={<SignInButton />}>
          <p>You must sign in to see the listings you manage.</p>
        </SignInPrompt>
      )}
    </div>
  );
}
