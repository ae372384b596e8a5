import { useRef } from 'react';
import { useDetailDialog } from '@/app/use-detail-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { MyBookmarks } from '@/features/bookmarks/components/my-bookmarks';
import { MySuggestions } from '@/features/suggestions/components/my-suggestions';
import { useSession } from '@/lib/auth';

/**
 * "Print my list" prints the list alone: while this page is shown, the site frame around <main>
 * (skip link, header, footer, cookie banner) and anything portalled outside #root are hidden.
 */
const PRINT_LIST_ONLY =
  'print:[body:has(&)_:has(>main)>:not(main)]:hidden print:[body:has(&)>:not(#root)]:hidden';

function LoginRequired() {
  return (
    <div className="max-w-prose">
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Login Required</h1>
      <p className="mb-4 text-lg">You must log in to view your bookmarks.</p>
      <SignInButton />
    </div>
  );
}

export function BookmarksRoute() {
  const session = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const serviceDialog = useDetailDialog('service');
  const eventDialog = useDetailDialog('event');
  useDocumentTitle(session.isSignedIn || session.isPending ? 'My bookmarks' : 'Login Required');

  if (session.isPending) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-8 text-lg">
        Loading...
      </p>
    );
  }
  if (!session.isSignedIn) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <LoginRequired />
      </div>
    );
  }
  return (
    <div className={`mx-auto max-w-6xl px-4 py-8 print:max-w-none print:p-0 ${PRINT_LIST_ONLY}`}>
      <h1 ref={headingRef} tabIndex={-1} className="mb-6 text-4xl font-extrabold sm:text-5xl">
        My Bookmarks
      </h1>
      <MyBookmarks
        onOpenService={serviceDialog.open}
        onOpenEvent={eventDialog.open}
        // The removed item's button is gone; start again from the top rather than from nowhere.
        onRemoved={() => headingRef.current?.focus()}
      />
      <MySuggestions />
      {serviceDialog.dialog}
      {eventDialog.dialog}
    </div>
  );
}
