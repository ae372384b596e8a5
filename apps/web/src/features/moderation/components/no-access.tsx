import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const NO_ACCESS_TITLE = 'You need to be a moderator to see this page';

/** Signed in without the moderator role: the server refuses the data, and this says why. */
export function NoAccess() {
  useDocumentTitle(NO_ACCESS_TITLE);
  return (
    <div className="max-w-prose">
      <h1 className="mb-4 text-4xl font-extrabold">{NO_ACCESS_TITLE}</h1>
      <p className="mb-4 text-lg">
        Moderators review provider applications, suggestions, listing changes and events. If you
        should be one, ask the person who runs this Locals site to give your account the moderator
        role.
      </p>
      <p className="text-lg">
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </div>
  );
}
