import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useSession } from '@/lib/auth';
import { useBookmarkToggle } from '../use-bookmark-toggle';

type DetailBookmarkButtonProps = { serviceId: string };

/** The detail's Bookmark toggle. Spec 2: signed out, a press gets a toast, not a login prompt. */
export function DetailBookmarkButton({ serviceId }: DetailBookmarkButtonProps) {
  const session = useSession();
  const { toast } = useToast();
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle(serviceId);

  if (!session.isSignedIn) {
    return (
      <Button
        variant="secondary"
        onClick={() =>
          toast({
            title: 'Authentication Required',
            description: 'You must log in to bookmark services.',
            variant: 'destructive',
          })
        }
      >
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
