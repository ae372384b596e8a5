import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function BackToModeration() {
  return (
    <p className="mb-4">
      <Link to={paths.moderation}>Back to moderation</Link>
    </p>
  );
}
