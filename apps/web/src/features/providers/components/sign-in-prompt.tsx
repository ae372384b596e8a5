import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

type SignInPromptProps = {
  heading: string;
  children: ReactNode;
  /** The app's sign-in button, which comes back to this page. */
  signIn: ReactNode;
};

/** A provider's page asked for by someone signed out, as /bookmarks does it. */
export function SignInPrompt({ heading, children, signIn }: SignInPromptProps) {
  useDocumentTitle(heading);
  return (
    <div className="max-w-prose">
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">{heading}</h1>
      <div className="mb-4 space-y-4 text-lg">{children}</div>
      {signIn}
    </div>
  );
}

export function SessionLoading() {
  return (
    <p role="status" className="text-lg">
      Loading...
    </p>
  );
}
