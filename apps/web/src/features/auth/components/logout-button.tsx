import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useLogOut } from '../api/logout';

type LogoutButtonProps = { children: ReactNode; variant?: 'primary' | 'secondary' | 'inverse' };

export function LogoutButton({ children, variant = 'secondary' }: LogoutButtonProps) {
  const logout = useLogOut();
  const { toast } = useToast();

  function logOut() {
    logout.mutate(undefined, {
      // Never pretend: the server still holds the session, so say so and stay signed in.
      onError: () =>
        toast({
          title: 'Logout Failed',
          description: 'You are still signed in. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  // Disabled after success too: the browser is already on its way to the issuer.
  const isBusy = logout.isPending || logout.isSuccess;
  return (
    <Button variant={variant} onClick={logOut} disabled={isBusy} aria-busy={isBusy}>
      {children}
    </Button>
  );
}
