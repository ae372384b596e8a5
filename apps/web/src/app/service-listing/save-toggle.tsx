import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { ToggleButton } from '@/components/ui/toggle-button';
import { cardActionBaseClassName } from './copy-link-button';
import { useBookmarkToggle } from './use-bookmark-toggle';

type SaveToggleProps = { serviceId: string; serviceName: string };

/** A card's SAVE toggle for a signed-in person: 'SAVE', or 'SAVED' once bookmarked. */
export function SaveToggle({ serviceId, serviceName }: SaveToggleProps) {
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle({ type: 'service', id: serviceId });
  return (
    <ToggleButton
      isPressed={isBookmarked}
      isBusy={isBusy}
      className={cardActionBaseClassName}
      onClick={toggle}
    >
      {/* A filled icon, not colour alone, marks a saved service (WCAG 1.4.1). */}
      <Bookmark aria-hidden="true" className={clsx('size-5', isBookmarked && 'fill-current')} />
      {isBookmarked ? 'SAVED' : 'SAVE'} <span className="sr-only">{serviceName}</span>
    </ToggleButton>
  );
}
