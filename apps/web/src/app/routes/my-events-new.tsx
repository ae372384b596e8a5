import { SignInButton } from '@/features/auth/components/sign-in-button';
import { NewEvent } from '@/features/organiser-events/components/new-event';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { useNoIndex } from '@/hooks/use-no-index';
import { useSession } from '@/lib/auth';

/** /my-events/new: a signed-in person adds a community event (decision 038). */
export function MyEventsNewRoute() {
  const session = useSession();
  useNoIndex();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {session.isPending ? (
        <SessionLoading />
      ) : session.isSignedIn ? (
        <NewEvent />
      ) : (
        <SignInPrompt heading="Sign in to add an event" signIn={<SignInButton />}>
          <p>
            You must sign in to add an event, so you can change or cancel it later and we can tell
            you when it is published.
          </p>
        </SignInPrompt>
      )}
    </div>
  );
}
