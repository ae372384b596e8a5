import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import { cardActionBaseClassName } from './copy-link-button';

type LoginRequiredActionProps = {
  /** The control's name, for example "Save Sample service 1". */
  label: string;
  tooltip?: string;
  /** Opens the sign-in prompt, or says in a toast how to sign in. */
  onLoginRequired: () => void;
  /** Whether a press opens a dialog (the sign-in prompt); false for a toast. */
  opensDialog?: boolean;
  children: ReactNode;
};

/**
 * Signed-out visitors see login-only controls dimmed with a tooltip. They stay focusable
 * (aria-disabled, not disabled) so keyboard and screen reader users meet the explanation too,
 * and a click, tap, Enter or Space leads to signing in: a control that answers nothing looks
 * broken.
 */
export function LoginRequiredAction({
  label,
  tooltip = 'Login required',
  onLoginRequired,
  opensDialog = true,
  children,
}: LoginRequiredActionProps) {
  return (
    <Tooltip text={tooltip}>
      {(triggerProps) => (
        <button
          type="button"
          aria-disabled="true"
          aria-haspopup={opensDialog ? 'dialog' : undefined}
          aria-label={label}
          {...triggerProps}
          className={clsx(
            cardActionBaseClassName,
            'cursor-pointer border-line bg-white text-ink opacity-50',
          )}
          onClick={onLoginRequired}
        >
          {children}
        </button>
      )}
    </Tooltip>
  );
}
