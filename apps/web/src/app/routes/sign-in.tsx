import { useParams } from 'react-router';
import { SignInPage } from '@/features/auth/components/sign-in-page';

export function SignInRoute() {
  const { uid = '' } = useParams();
  // A new interaction starts with a clean form.
  return <SignInPage key={uid} uid={uid} />;
}
