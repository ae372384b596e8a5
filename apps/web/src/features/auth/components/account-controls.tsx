import { useSession } from '@/lib/auth';
import { LogoutButton } from './logout-button';
import { SignInButton } from './sign-in-button';

/** Spec 2 header: 'Welcome, {name or email}' and Logout, or the Sign In button. */
export function AccountControls() {
  const session = useSession();
  // Showing "Sign In" to someone who is signed in, even for a moment, would be untrue.
  if (session.isPending) return null;
  if (!session.isSignedIn) return <SignInButton />;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-lg">Welcome, {session.displayName}</p>
      <LogoutButton>Logout</LogoutButton>
    </div>
  );
}
