import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ProviderDecision } from '../api/suggestion-status';

type ProviderDecisionButtonsProps = {
  isSending: boolean;
  onDecide: (decision: ProviderDecision) => void;
};

export function ProviderDecisionButtons({ isSending, onDecide }: ProviderDecisionButtonsProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={isSending} onClick={() => onDecide('accepted')}>
        <Check aria-hidden="true" className="size-5" />
        Accept suggestion
      </Button>
      <Button variant="secondary" disabled={isSending} onClick={() => onDecide('rejected')}>
        <X aria-hidden="true" className="size-5" />
        Reject suggestion
      </Button>
    </div>
  );
}

const THANK_YOU: Record<ProviderDecision, string> = {
  accepted: 'Thank you. The person who sent it will see that you accepted it.',
  rejected: 'Thank you. The person who sent it will see that you did not accept it.',
};

export function ProviderDecisionThanks({ decision }: { decision: ProviderDecision }) {
  return (
    <p
      role="status"
      tabIndex={-1}
      // The buttons that had focus are gone; move it here so the outcome is read out.
      ref={(element) => element?.focus()}
      className="rounded border-l-8 border-success bg-success-light p-4 text-lg font-bold"
    >
      {THANK_YOU[decision]}
    </p>
  );
}

export function AlreadyDecided({ decision }: { decision: ProviderDecision }) {
  return (
    <p className="rounded border-l-8 border-line bg-surface p-4 text-lg">
      {decision === 'accepted'
        ? 'You have already accepted this suggestion.'
        : 'You have already said no to this suggestion.'}
    </p>
  );
}
