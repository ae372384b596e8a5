import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import { cardActionBaseClassName } from './copy-link-button';

type LoginRequiredActionProps = {
  /** The control's name, for example "Save Sample service 1". */
  label: string;
  tooltip?: string;
  children: ReactNode;
};

/**
 * Spec 2: signed-out visitors see login-only controls dimmed with a tooltip. They stay
 * focusable (aria-disabled, not disabled) so keyboard and screen reader users meet the
 * explanation too.
 */
export function LoginRequiredAction({
  label,
  tooltip = 'Login required',
  children,
}: LoginRequiredActionProps) {
  return (
    <Tooltip text={tooltip}>
      {(triggerProps) => (
        <button
          type="button"
          aria-disabled="true"
          aria-label={label}
          {...triggerProps}
          className={clsx(
            cardActionBaseClassName,
            'cursor-not-allowed border-line bg-white text-ink opacity-50',
          )}
        >
          {children}
        </button>
      )}
    </Tooltip>
  );
}
