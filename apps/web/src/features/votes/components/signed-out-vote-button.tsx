import type { VoteType } from '@locals/contracts/votes';
import clsx from 'clsx';
import { Tooltip } from '@/components/ui/tooltip';
import { VoteButtonContent, voteButtonBaseClassName } from './vote-button-content';

type SignedOutVoteButtonProps = {
  voteType: VoteType;
  serviceName: string;
  count: number | undefined;
  /** Opens the sign-in prompt. */
  onLoginRequired: () => void;
  /** Dimmed, as on the result cards, or plain, as in the detail. */
  isDimmed: boolean;
};

/**
 * A thumb that asks to log in, with the tooltip. Dimmed, it is aria-disabled, not disabled, so
 * keyboard and screen reader users can still reach it and meet the explanation, and a press
 * still opens the sign-in prompt.
 */
export function SignedOutVoteButton({
  voteType,
  serviceName,
  count,
  onLoginRequired,
  isDimmed,
}: SignedOutVoteButtonProps) {
  return (
    <Tooltip text="Login required to vote">
      {(triggerProps) => (
        <button
          type="button"
          aria-disabled={isDimmed || undefined}
          aria-haspopup="dialog"
          {...triggerProps}
          className={clsx(
            voteButtonBaseClassName,
            'cursor-pointer border-line bg-white text-ink',
            isDimmed ? 'opacity-50' : 'hover:bg-surface',
          )}
          onClick={onLoginRequired}
        >
          <VoteButtonContent voteType={voteType} serviceName={serviceName} count={count} />
        </button>
      )}
    </Tooltip>
  );
}
