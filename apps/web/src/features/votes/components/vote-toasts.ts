import type { VoteSummary } from '@locals/contracts/votes';
import type { ToastOptions } from '@/components/ui/toast-context';

/** Spec 8: the toast follows the vote the server recorded, so a removed vote says so. */
export function voteRecordedToast(summary: VoteSummary): ToastOptions {
  if (summary.userVote === 'up') {
    return { title: 'Thumbs Up!', description: 'Your positive vote has been recorded.' };
  }
  if (summary.userVote === 'down') {
    return { title: 'Thumbs Down!', description: 'Your negative vote has been recorded.' };
  }
  return { title: 'Vote Removed' };
}

export const voteFailedToast: ToastOptions = {
  title: 'Failed to record your vote.',
  variant: 'destructive',
};
