import clsx from 'clsx';
import type { ComponentPropsWithRef } from 'react';

type ToggleButtonProps = Omit<ComponentPropsWithRef<'button'>, 'type'> & {
  isPressed: boolean;
  /** While the change is being sent: dimmed, with a busy cursor. */
  isBusy: boolean;
  /** Its shape and size; the colours say whether it is pressed. */
  className: string;
};

/** A button that stays pressed (aria-pressed), filled with the brand colour while it is. */
export function ToggleButton({ isPressed, isBusy, className, ...props }: ToggleButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      // aria-disabled, not disabled: the button keeps keyboard focus while busy.
      aria-disabled={isBusy || undefined}
      className={clsx(
        className,
        isPressed
          ? 'border-brand bg-brand text-white hover:bg-brand-dark'
          : 'border-line bg-white text-ink hover:bg-surface',
        isBusy ? 'cursor-progress opacity-60' : 'cursor-pointer',
      )}
      {...props}
    />
  );
}
