import clsx from 'clsx';
import type { ComponentPropsWithRef } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'inverse';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-action text-white shadow-[0_2px_0_var(--color-action-shadow)] hover:bg-action-dark',
  secondary: 'bg-surface text-ink shadow-[0_2px_0_#929191] hover:bg-[#dbdad9]',
  inverse: 'bg-white text-brand shadow-[0_2px_0_var(--color-brand-dark)] hover:bg-brand-light',
};

/** Also used to make a link look like a button (for example "Return to Home"). */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string): string {
  return clsx(
    'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded px-4 py-2 text-lg font-semibold no-underline visited:text-inherit disabled:cursor-not-allowed disabled:opacity-60',
    VARIANT_CLASSES[variant],
    className,
  );
}

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant };

/** Its ref is the button (React 19 passes it as a prop): Radix's `asChild` and focus moves use it. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
