import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { returnToFor, startSignIn } from '../api/start-sign-in';
import { linkButtonClassName } from './link-button';
import { LogoutButton } from './logout-button';

type LoginPanelProps = { onCreateAccount: () => void; onForgotPassword: () => void };

export function LoginPanel({ onCreateAccount, onForgotPassword }: LoginPanelProps) {
  const session = useSession();
  const location = useLocation();

  if (session.isSignedIn) {
    return (
      <div>
        <p className="mb-4 text-lg">
          Welcome back, <strong>{session.displayName}</strong>. You are signed in.
        </p>
        <LogoutButton variant="primary">Log out</LogoutButton>
      </div>
    );
  }

  return (
    <div>
      {/* Sign-in and registration happen on the identity provider's pages (decision 004). */}
      <Button className="mb-4 w-full" onClick={() => startSignIn(returnToFor(location))}>
        Login or Register
      </Button>
      <ul className="space-y-2">
        <li>
          <button type="button" className={linkButtonClassName} onClick={onCreateAccount}>
            Create an account
          </button>
        </li>
        <li>
          <button type="button" className={linkButtonClassName} onClick={onForgotPassword}>
            Forgot your password?
          </button>
        </li>
      </ul>
    </div>
  );
}
