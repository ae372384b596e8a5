import { buttonClassName } from '@/components/ui/button';
import { signInUrl } from '../api/start-sign-in';
import { AuthPage } from './auth-page';

/** An OpenID Connect interaction lives for minutes; after that only a fresh start works. */
export function SignInExpired() {
  return (
    <AuthPage title="Your sign-in took too long">
      <p className="mb-6 text-lg">
        To keep your account safe, a sign-in page only works for a few minutes. Nothing has been
        changed. Please start again.
      </p>
      {/* A real link: starting over is a full-page trip through the server, not a route. */}
      <a href={signInUrl('/')} className={buttonClassName()}>
        Start again
      </a>
    </AuthPage>
  );
}
