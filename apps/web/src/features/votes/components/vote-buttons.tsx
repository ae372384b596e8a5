import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import { useState } from 'react';
import { ToggleButton } from '@/components/ui/toggle-button';
import { useToast } from '@/components/ui/toast-context';
import { useSession } from '@/lib/auth';
import { useCastVote } from '../api/cast-vote';
import { SignedOutVoteButton } from './signed-out-vote-button';
import { VoteButtonContent, voteButtonBaseClassName } from './vote-button-content';
import { voteFailedToast, voteRecordedToast } from './vote-toasts';

const VOTE_TYPES = ['up', 'down'] as const satisfies readonly VoteType[];

type VoteButtonsProps = {
  serviceId: string;
  serviceName: string;
  summary: VoteSummary | undefined;
  /** Signed out, a press opens the sign-in prompt. */
  onLoginRequired: () => void;
  /** Signed out, dimmed with the tooltip, as on the result cards; plain in the detail. */
  isDimmedWhenSignedOut?: boolean;
};

/** Thumbs up and down with their counts; everyone sees the counts, only members vote. */
export function VoteButtons({
  serviceId,
  serviceName,
  summary,
  onLoginRequired,
  isDimmedWhenSignedOut = false,
}: VoteButtonsProps) {
  const session = useSession();
  return (
    <div role="group" aria-label={`Votes for ${serviceName}`} className="flex flex-wrap gap-2">
      {session.isSignedIn ? (
        <SignedInVoteButtons serviceId={serviceId} serviceName={serviceName} summary={summary} />
      ) : (
        VOTE_TYPES.map((voteType) => (
          <SignedOutVoteButton
            key={voteType}
            voteType={voteType}
            serviceName={serviceName}
            count={countOf(summary, voteType)}
            onLoginRequired={onLoginRequired}
            isDimmed={isDimmedWhenSignedOut}
          />
        ))
      )}
    </div>
  );
}

function countOf(summary: VoteSummary | undefined, voteType: VoteType): number | undefined {
  if (!summary) return undefined;
  return voteType === 'up' ? summary.thumbsUp : summary.thumbsDown;
}

type SignedInVoteButtonsProps = Omit<VoteButtonsProps, 'onLoginRequired' | 'isDimmedWhenSignedOut'>;

function SignedInVoteButtons({ serviceId, serviceName, summary }: SignedInVoteButtonsProps) {
  const castVote = useCastVote();
  const { toast } = useToast();
  // Set in the click handler, so a double click meets it at once: the mutation's own pending
  // flag reaches the component a tick later, too late to stop a second, racing request.
  const [isSending, setIsSending] = useState(false);

  // mutateAsync: a card or detail that closes meanwhile must not take the toast with it.
  async function vote(voteType: VoteType) {
    if (isSending) return;
    setIsSending(true);
    // Pressing the vote you have removes it (decision 007).
    const change = { serviceId, voteType: summary?.userVote === voteType ? null : voteType };
    try {
      toast(voteRecordedToast(await castVote.mutateAsync(change)));
    } catch (error) {
      toast(voteFailedToast(error));
    } finally {
      setIsSending(false);
    }
  }

  return VOTE_TYPES.map((voteType) => {
    const isPressed = summary?.userVote === voteType;
    return (
      <ToggleButton
        key={voteType}
        isPressed={isPressed}
        isBusy={isSending}
        className={voteButtonBaseClassName}
        onClick={() => void vote(voteType)}
      >
        <VoteButtonContent
          voteType={voteType}
          serviceName={serviceName}
          count={countOf(summary, voteType)}
          isPressed={isPressed}
        />
      </ToggleButton>
    );
  });
}
