import type { SuggestionStatus } from '@locals/contracts/suggestions';
import clsx from 'clsx';

const STATUS_TEXT: Record<SuggestionStatus, string> = {
  new: 'Waiting for the provider',
  accepted: 'Accepted by the provider',
  rejected: 'Not accepted',
};

const STATUS_CLASSES: Record<SuggestionStatus, string> = {
  new: 'border-line bg-surface text-ink',
  accepted: 'border-success bg-success-light text-success',
  rejected: 'border-danger bg-danger-light text-danger',
};

export function SuggestionStatusTag({ status }: { status: SuggestionStatus }) {
  return (
    <strong
      className={clsx(
        'inline-block rounded border-2 px-2 py-0.5 font-bold',
        STATUS_CLASSES[status],
      )}
    >
      {STATUS_TEXT[status]}
    </strong>
  );
}
