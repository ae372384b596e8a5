import { routeUrl } from '@locals/contracts/route';
import { logOut } from '@locals/contracts/routes/auth';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type LogoutButtonProps = { children: ReactNode; variant?: 'primary' | 'secondary' | 'inverse' };

/**
 * Logout is a navigation, not a fetch: the server ends the session and redirects to the issuer's
 * sign-out page, so the id token it sends there never reaches page JavaScript (decision 013).
 * GET, because the CSRF check refuses a POST without X-Requested-With, which a form cannot send;
 * the server ignores a GET that another site started.
 */
export function LogoutButton({ children, variant = 'secondary' }: LogoutButtonProps) {
  return (
    <form method="get" action={routeUrl(logOut.path)} className="contents">
      <Button type="submit" variant={variant}>
        {children}
      </Button>
    </form>
  );
}
