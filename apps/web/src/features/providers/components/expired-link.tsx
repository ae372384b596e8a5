import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RenewLink } from './renew-link';

/** An emailed link past its 7 days, with the button that sends a new one. */
export function ExpiredLink({ token, children }: { token: string; children?: ReactNode }) {
  useDocumentTitle('This link has expired');
  return (
    <>
      <h1 className="mb-4 text-4xl font-extrabold">This link has expired</h1>
      <div className="mb-6 max-w-prose space-y-4 text-lg">
        <p>
          Links in our emails work for 7 days. We can email you a new one, to the same address we
          sent this one to.
        </p>
        {children}
      </div>
      <RenewLink token={token} />
      <p className="mt-6 max-w-prose text-lg">
        If you no longer use that email address, <Link to={paths.support}>contact us</Link>.
      </p>
    </>
  );
}
