import { Link } from 'react-router';
import { paths } from '@/config/paths';

const LINKS = [
  { to: paths.moderationSuggestions, text: 'Suggestions waiting' },
  { to: paths.moderationProviderEdits, text: 'Provider edits' },
  { to: paths.moderationStale, text: 'Listings not checked for 12 months' },
  { to: paths.moderationAudit, text: 'Audit log' },
];

export function ModerationLinks() {
  return (
    <nav aria-labelledby="moderation-links-heading">
      <h2 id="moderation-links-heading" className="mb-2 text-2xl font-bold">
        Other moderation work
      </h2>
      <ul className="list-disc space-y-1 pl-6 text-lg">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.text}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
