import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { useBookmarkToggle } from './use-bookmark-toggle';

type DetailBookmarkButtonProps = { serviceId: string; onLoginRequired: () => void };

/**
 * The detail's Bookmark toggle. Signed out, a press opens the sign-in prompt like Notes beside it
 * (issue 10: every login-only control leads to signing in; spec 2's toast was a dead end).
 */
export function DetailBookmarkButton({ serviceId, onLoginRequired }: DetailBookmarkButtonProps) {
  const session = useSession();
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle(serviceId);

  if (!session.isSignedIn) {
    return (
      <Button variant="secondary" aria-haspopup="dialog" onClick={onLoginRequired}>
        <Bookmark aria-hidden="true" className="size-5" />
        Bookmark
      </Button>
    );
  }

  return (
    <Button
      variant="secondary"
      aria-pressed={isBookmarked}
      // aria-disabled, not disabled: the button keeps keyboard focus while busy.
      aria-disabled={isBusy || undefined}
      className={clsx(isBusy && 'cursor-progress opacity-60')}
      onClick={toggle}
    >
      {/* A filled icon, not colour alone, marks a bookmarked service (WCAG 1.4.1). */}
      <Bookmark aria-hidden="true" className={clsx('size-5', isBookmarked && 'fill-current')} />
      {isBookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}
