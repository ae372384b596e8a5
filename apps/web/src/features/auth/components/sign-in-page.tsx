import { buttonClassName } from '@/components/ui/button';
import { WaitingForScript } from '@/components/ui/waiting-for-script';
import { isApiError } from '@/lib/api-client';
import { useInteraction } from '../api/get-interaction';
import { signInUrl } from '../api/start-sign-in';
import { AuthPage } from './auth-page';
import { SignInExpired } from './sign-in-expired';
import { SignInForm } from './sign-in-form';

/** The built-in issuer's sign-in step, for the interaction named by uid. */
export function SignInPage({ uid }: { uid: string }) {
  const interaction = useInteraction(uid);

  if (interaction.isPending) {
    return (
      <AuthPage title="Sign in to Locals">
        <WaitingForScript needs="Signing in">Loading...</WaitingForScript>
      </AuthPage>
    );
  }
  if (interaction.isError) {
    const { error } = interaction;
    if (isApiError(error) && (error.status === 400 || error.status === 404)) {
      return <SignInExpired />;
    }
    return (
      <AuthPage title="Sorry, there is a problem">
        <p className="mb-6 text-lg">{error.message}</p>
        <a href={signInUrl('/')} className={buttonClassName()}>
          Start again
        </a>
      </AuthPage>
    );
  }
  return <SignInForm uid={uid} />;
}
