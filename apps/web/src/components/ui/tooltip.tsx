import { useId, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';

type TriggerProps = {
  'aria-describedby': string;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

type TooltipProps = {
  text: string;
  /** Spread the props onto the control the tooltip describes. */
  children: (triggerProps: TriggerProps) => ReactElement;
};

/**
 * A small accessible tooltip: shown on hover and keyboard focus, dismissed with Escape
 * (WCAG 1.4.13), and always in the accessibility tree as the control's description.
 */
export function Tooltip({ text, children }: TooltipProps): ReactNode {
  const id = useId();
  const [isShown, setIsShown] = useState(false);
  const show = () => setIsShown(true);
  const hide = () => setIsShown(false);

  return (
    <span className="relative inline-flex">
      {children({
        'aria-describedby': id,
        onPointerEnter: show,
        onPointerLeave: hide,
        onFocus: show,
        onBlur: hide,
        onKeyDown: (event) => {
          if (event.key !== 'Escape' || !isShown) return;
          event.stopPropagation();
          hide();
        },
      })}
      {/* Hidden, it still describes the control: aria-describedby reads hidden elements. */}
      <span
        id={id}
        role="tooltip"
        hidden={!isShown}
        className="absolute bottom-full left-1/2 z-30 mb-1 -translate-x-1/2 rounded bg-ink px-2 py-1 text-sm whitespace-nowrap text-white"
      >
        {text}
      </span>
    </span>
  );
}
