import { useSearchParams } from 'react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return <ResetPasswordPage key={token} token={token} />;
}
