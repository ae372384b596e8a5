import type { VoteType } from '@locals/contracts/votes';
import clsx from 'clsx';
import { Tooltip } from '@/components/ui/tooltip';
import { VoteButtonContent, voteButtonBaseClassName } from './vote-button-content';

type SignedOutVoteButtonProps = {
  voteType: VoteType;
  serviceName: string;
  count: number | undefined;
  onLoginRequired: (() => void) | undefined;
};

/**
 * Dimmed with the tooltip (aria-disabled, not disabled, so keyboard and screen reader users can
 * still reach it and meet the explanation) or, in the detail, a button that asks to log in.
 */
export function SignedOutVoteButton({
  voteType,
  serviceName,
  count,
  onLoginRequired,
}: SignedOutVoteButtonProps) {
  return (
    <Tooltip text="Login required to vote">
      {(triggerProps) =>
        onLoginRequired ? (
          <button
            type="button"
            aria-haspopup="dialog"
            {...triggerProps}
            className={clsx(
              voteButtonBaseClassName,
              'cursor-pointer border-line bg-white text-ink hover:bg-surface',
            )}
            onClick={onLoginRequired}
          >
            <VoteButtonContent voteType={voteType} serviceName={serviceName} count={count} />
          </button>
        ) : (
          <button
            type="button"
            aria-disabled="true"
            {...triggerProps}
            className={clsx(
              voteButtonBaseClassName,
              'cursor-not-allowed border-line bg-white text-ink opacity-50',
            )}
          >
            <VoteButtonContent voteType={voteType} serviceName={serviceName} count={count} />
          </button>
        )
      }
    </Tooltip>
  );
}
