import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useChangeBookmark } from '../api/bookmarks';

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

  function remove() {
    changeBookmark.mutate(
      { type, id, bookmarked: false },
      {
        onSuccess: () => {
          toast({
            title: 'Bookmark Removed',
            description:
              type === 'service'
                ? 'Service removed from bookmarks.'
                : 'Event removed from bookmarks.',
          });
          onRemoved();
        },
        onError: () => toast({ title: 'Failed to update bookmark.', variant: 'destructive' }),
      },
    );
  }

  return (
    <Button
      variant="secondary"
      className="print:hidden"
      disabled={changeBookmark.isPending}
      onClick={remove}
    >
      <Trash2 aria-hidden="true" className="size-5" />
      Remove <span className="sr-only">{name} from bookmarks</span>
    </Button>
  );
}
