import { NEW_EVENT_PATH } from '@locals/contracts/page-forms';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useMyEvents } from '@/features/organiser-events/api/my-events';
import { buttonClassName } from '@/components/ui/button';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { MyEventsList } from '@/features/organiser-events/components/my-events-list';
import {
  eventSentHeading,
  eventSentOf,
  eventSentFromAddress,
} from '@/features/organiser-events/event-sent-state';
import { SessionLoading, SignInPrompt } from '@/features/providers/components/sign-in-prompt';
import { SuccessBanner } from '@/features/providers/components/success-banner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNoIndex } from '@/hooks/use-no-index';
import { useSession } from '@/lib/auth';

function MyEvents() {
  const [searchParams] = useSearchParams();
  const events = useMyEvents().data?.data;
  // With JavaScript the form says what it sent in the page's state; without it the server's
  // 303 names the event in the address.
  const sent = eventSentOf(useLocation().state) ?? eventSentFromAddress(searchParams, events);
  useDocumentTitle('My events');
  return (
    <>
      {sent && (
        <SuccessBanner heading={eventSentHeading(sent)}>
          <p className="text-lg">{sent.message}</p>
        </SuccessBanner>
      )}
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">My events</h1>
      <p className="mb-6">
        <Link to={NEW_EVENT_PATH} className={buttonClassName()}>
          Add an event
        </Link>
      </p>
      <MyEventsList />
    </>
  );
}

/** /my-events: the events a person added, where each stands, and what they can do (decision 038). */
export function MyEventsRoute() {
  const session = useSession();
  useNoIndex();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {session.isPending ? (
        <SessionLoading />
      ) : session.isSignedIn ? (
        <MyEvents />
      ) : (
        <SignInPrompt heading="Sign in to see your events" signIn={<SignInButton />}>
          <p>You must sign in to see the events you have added, or to add one.</p>
        </SignInPrompt>
      )}
    </div>
  );
}
