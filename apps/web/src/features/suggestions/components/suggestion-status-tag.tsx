import type { SuggestionReader, SuggestionStatus } from '@locals/contracts/suggestions';
import clsx from 'clsx';

// Decision 030: name who actually reads it; an unclaimed listing's suggestion goes to moderators.
const STATUS_TEXT: Record<SuggestionReader, Record<SuggestionStatus, string>> = {
  provider: {
    new: 'Waiting for the provider',
    accepted: 'Accepted by the provider',
    rejected: 'Not accepted',
  },
  moderators: {
    new: 'Waiting for a Locals moderator',
    accepted: 'Accepted by a Locals moderator',
    rejected: 'Not accepted',
  },
};

const STATUS_CLASSES: Record<SuggestionStatus, string> = {
  new: 'border-line bg-surface text-ink',
  accepted: 'border-success bg-success-light text-success',
  rejected: 'border-danger bg-danger-light text-danger',
};

export function SuggestionStatusTag({
  status,
  readBy,
}: {
  status: SuggestionStatus;
  readBy: SuggestionReader;
}) {
  return (
    <strong
      className={clsx(
        'inline-block rounded border-2 px-2 py-0.5 font-bold',
        STATUS_CLASSES[status],
      )}
    >
      {STATUS_TEXT[readBy][status]}
    </strong>
  );
}
