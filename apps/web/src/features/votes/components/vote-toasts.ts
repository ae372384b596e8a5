import type { VoteSummary } from '@locals/contracts/votes';
import { failureToast, type ToastOptions } from '@/components/ui/toast-context';

/** The toast follows the vote the server recorded, so a removed vote says so. */
export function voteRecordedToast(summary: VoteSummary): ToastOptions {
  if (summary.userVote === 'up') {
    return { title: 'Thumbs Up!', description: 'Your positive vote has been recorded.' };
  }
  if (summary.userVote === 'down') {
    return { title: 'Thumbs Down!', description: 'Your negative vote has been recorded.' };
  }
  return { title: 'Vote Removed' };
}

/** What a failed vote says. */
export function voteFailedToast(error: unknown): ToastOptions {
  return failureToast('Failed to record your vote.', error);
}
