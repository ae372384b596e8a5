import clsx from 'clsx';
import { Bookmark } from 'lucide-react';
import { cardActionBaseClassName } from './copy-link-button';
import { useBookmarkToggle } from './use-bookmark-toggle';

type SaveToggleProps = { serviceId: string; serviceName: string };

/** A card's SAVE toggle for a signed-in person: 'SAVE', or 'SAVED' once bookmarked. */
export function SaveToggle({ serviceId, serviceName }: SaveToggleProps) {
  const { isBookmarked, isBusy, toggle } = useBookmarkToggle({ type: 'service', id: serviceId });
  return (
    <button
      type="button"
      aria-pressed={isBookmarked}
      // aria-disabled, not disabled: the button keeps keyboard focus while busy.
      aria-disabled={isBusy || undefined}
      className={clsx(
        cardActionBaseClassName,
        isBookmarked
          ? 'border-brand bg-brand text-white hover:bg-brand-dark'
          : 'border-line bg-white text-ink hover:bg-surface',
        isBusy ? 'cursor-progress opacity-60' : 'cursor-pointer',
      )}
      onClick={toggle}
    >
      {/* A filled icon, not colour alone, marks a saved service (WCAG 1.4.1). */}
      <Bookmark aria-hidden="true" className={clsx('size-5', isBookmarked && 'fill-current')} />
      {isBookmarked ? 'SAVED' : 'SAVE'} <span className="sr-only">{serviceName}</span>
    </button>
  );
}
