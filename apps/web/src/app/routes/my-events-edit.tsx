import { useParams } from 'react-router';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { EditEvent } from '@/features/organiser-events/components/edit-event';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { useNoIndex } from '@/hooks/use-no-index';
import { useSession } from '@/lib/auth';

/** /my-events/:id/edit: an organiser changes one of their events (decision 038). */
export function MyEventsEditRoute() {
  const session = useSession();
  const { id = '' } = useParams();
  useNoIndex();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {session.isPending ? (
        <SessionLoading />
      ) : session.isSignedIn ? (
        <EditEvent id={id} />
      ) : (
        <SignInPrompt heading="Sign in to edit your event" signIn={<SignInButton />}>
          <p>You must sign in to change the events you have added.</p>
        </SignInPrompt>
      )}
    </div>
  );
}
