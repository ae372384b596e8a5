import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNoIndex } from '@/hooks/use-no-index';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { NoAccess } from '@/features/moderation/components/no-access';
import { useSession } from '@/lib/auth';

function SignInRequired() {
  useDocumentTitle('Login Required');
  return (
    <div className="max-w-prose">
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Login Required</h1>
      <p className="mb-4 text-lg">You must log in as a moderator to see this page.</p>
      <SignInButton />
    </div>
  );
}

/** The frame of every moderation page: signed in as a moderator, or told why not. */
export function ModeratorOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  useNoIndex();
  let content = children;
  if (session.isPending) content = <p role="status">Loading...</p>;
  else if (!session.isSignedIn) content = <SignInRequired />;
  // Said at once, without asking for data; the API's 403 is the rule, this only saves a request.
  else if (!session.user.roles.includes('moderator')) content = <NoAccess />;
  return <div className="mx-auto max-w-6xl px-4 py-8">{content}</div>;
}
