import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { BookmarkTarget } from '@/features/bookmarks/api/bookmarks';
import { useSession } from '@/lib/auth';
import { useBookmarkToggle } from './use-bookmark-toggle';
import { useSignInToBookmark } from './use-sign-in-to-bookmark';

type DetailBookmarkButtonProps = {
  target: BookmarkTarget;
};

/**
 * The Bookmark toggle in a service's or an event's details. Signed out, a press says in a toast
 * how to sign in (useSignInToBookmark).
 */
export function DetailBookmarkButton({ target }: DetailBookmarkButtonProps) {
  const session = useSession();
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle(target);
  const signInToBookmark = useSignInToBookmark(target.type);

  if (!session.isSignedIn) {
    return (
      <Button variant="secondary" onClick={signInToBookmark}>
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
      {/* A filled icon, not colour alone, marks a bookmarked item (WCAG 1.4.1). */}
      <Bookmark aria-hidden="true" className={clsx('size-5', isBookmarked && 'fill-current')} />
      {isBookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}
