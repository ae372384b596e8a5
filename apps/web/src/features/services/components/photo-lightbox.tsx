import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useReturnFocusToOpener } from '@/components/ui/dialog';

type PhotoLightboxProps = {
  images: string[];
  serviceName: string;
  /** The photo showing, or null when the lightbox is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

const roundButton =
  'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center rounded-full bg-white text-ink hover:bg-surface';

/**
 * A nested Radix dialog over the service details: Radix stacks the two, so one Escape closes
 * only this one (the lightbox first, then the details).
 */
export function PhotoLightbox({ images, serviceName, index, onIndexChange }: PhotoLightboxProps) {
  const { rememberOpener, returnFocusToOpener } = useReturnFocusToOpener();
  const count = images.length;
  // The arrows wrap around in both directions.
  const step = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  }

  return (
    <RadixDialog.Root
      open={index !== null}
      onOpenChange={(isOpen) => !isOpen && onIndexChange(null)}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[55] bg-ink/90" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocusToOpener}
          onKeyDown={handleKeyDown}
          className="fixed inset-0 z-[56] flex flex-col items-center justify-center gap-3 p-4 text-white"
        >
          <RadixDialog.Title className="text-xl font-bold">
            Photo {(index ?? 0) + 1} of {count}
          </RadixDialog.Title>
          <RadixDialog.Description className="sr-only">
            Photos of {serviceName}. Use the left and right arrow keys to move between photos.
          </RadixDialog.Description>
          {index !== null && (
            <img
              src={images[index]}
              alt={`${serviceName} (${index + 1} of ${count})`}
              className="max-h-[70dvh] max-w-full rounded bg-white object-contain"
            />
          )}
          <div className="flex gap-4">
            <button type="button" className={roundButton} onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" className="size-7" />
              <span className="sr-only">Previous photo</span>
            </button>
            <button type="button" className={roundButton} onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" className="size-7" />
              <span className="sr-only">Next photo</span>
            </button>
            <RadixDialog.Close className={roundButton}>
              <X aria-hidden="true" className="size-7" />
              <span className="sr-only">Close photo</span>
            </RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
