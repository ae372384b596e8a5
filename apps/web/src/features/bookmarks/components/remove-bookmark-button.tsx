import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { bookmarkFailedToast, useChangeBookmark } from '../api/bookmarks';

type RemoveBookmarkButtonProps = {
  type: 'service' | 'event';
  id: string;
  /** What the bookmark is, for the button's accessible name. */
  name: string;
  onRemoved: () => void;
};

export function RemoveBookmarkButton({ type, id, name, onRemoved }: RemoveBookmarkButtonProps) {
  const changeBookmark = useChangeBookmark();
  const { toast } = useToast();

  // mutateAsync, not mutate's callbacks: the list is read again before the mutation settles, and
  // that unmounts this button, whose mutate callbacks would then never run (no toast, no focus).
  async function remove() {
    try {
      await changeBookmark.mutateAsync({ type, id, bookmarked: false });
    } catch (error) {
      toast(bookmarkFailedToast(error));
      return;
    }
    toast({
      title: 'Bookmark Removed',
      description:
        type === 'service' ? 'Service removed from bookmarks.' : 'Event removed from bookmarks.',
    });
    onRemoved();
  }

  return (
    <Button
      variant="secondary"
      className="print:hidden"
      disabled={changeBookmark.isPending}
      onClick={() => void remove()}
    >
      <Trash2 aria-hidden="true" className="size-5" />
      Remove <span className="sr-only">{name} from bookmarks</span>
    </Button>
  );
}
