import { useSession } from '@/lib/auth';
import { LogoutButton } from './logout-button';
import { SignInButton } from './sign-in-button';

/**
 * One fixed box for every state, so the header neither grows nor shifts when /api/auth/me
 * answers or the person signs in: 6rem wide on phones and 15rem from the sm
 * breakpoint; 4rem tall, a line of small text over a button, as the text size control beside it
 * on wide screens (on a phone that control is in the menu: decision 036).
 */
const BOX = 'flex h-16 w-24 shrink-0 flex-col items-stretch justify-end sm:w-60 sm:items-end';

/** The header's account controls: 'Welcome, {name or email}' and Logout, or the Sign In button. */
export function AccountControls() {
  const session = useSession();
  // Showing "Sign In" to someone who is signed in, even for a moment, would be untrue: until the
  // answer comes the box stays empty, at its final size.
  if (session.isPending) return <div className={BOX} />;
  if (!session.isSignedIn)
    return (
      <div className={BOX}>
        <SignInButton className="px-2 whitespace-nowrap sm:px-4" />
      </div>
    );
  return (
    <div className={BOX}>
      {/* On a phone the name alone fills the narrow box; "Welcome," is still read out. */}
      <p className="max-w-full truncate text-sm" title={session.displayName}>
        <span className="max-sm:sr-only">Welcome, </span>
        {session.displayName}
      </p>
      <LogoutButton>Logout</LogoutButton>
    </div>
  );
}
