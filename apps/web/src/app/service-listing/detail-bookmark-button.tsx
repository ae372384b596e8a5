import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { BookmarkTarget } from '@/features/bookmarks/api/bookmarks';
import { useSession } from '@/lib/auth';
import { useBookmarkToggle } from './use-bookmark-toggle';

type DetailBookmarkButtonProps = {
  target: BookmarkTarget;
  /** Signed out, a press calls this instead: a toast saying how to sign in. */
  onLoginRequired: () => void;
};

/** The Bookmark toggle in a service's or an event's details. */
export function DetailBookmarkButton({ target, onLoginRequired }: DetailBookmarkButtonProps) {
  const session = useSession();
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle(target);

  if (!session.isSignedIn) {
    return (
      <Button variant="secondary" onClick={onLoginRequired}>
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
