import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { HeadedSection } from '@/components/ui/headed-section';
import { usePendingEvents } from '../api/list-pending-events';

const LINKS = [
  { to: paths.moderationSuggestions, text: 'Suggestions waiting' },
  { to: paths.moderationProviderEdits, text: 'Provider edits' },
  { to: paths.moderationStale, text: 'Listings not checked for 12 months' },
  { to: paths.moderationAudit, text: 'Audit log' },
];

/** The events queue with how many wait in it; the link alone until (or unless) it is known. */
function EventsWaitingLink() {
  const { data } = usePendingEvents();
  return (
    <li>
      <Link to={paths.moderationEvents}>Events waiting</Link>
      {data && `: ${data.totalCount === 1 ? '1 event' : `${data.totalCount} events`}`}
    </li>
  );
}

export function ModerationLinks() {
  return (
    <HeadedSection
      headingId="moderation-links-heading"
      heading="Other moderation work"
      headingClassName="mb-2 text-2xl font-bold"
      as="nav"
    >
      <ul className="list-disc space-y-1 pl-6 text-lg">
        <EventsWaitingLink />
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.text}</Link>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
