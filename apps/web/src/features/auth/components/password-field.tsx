import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, controlClassName, describedBy } from '@/components/ui/field';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

/**
 * A password input with a show/hide toggle. The toggle keeps one name ("Show password") and
 * reports its state with aria-pressed, so screen readers hear "pressed" rather than a
 * label that changes under them.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [isShown, setIsShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="flex gap-2">
        <input
          id={id}
          type={isShown ? 'text' : 'password'}
          className={controlClassName(error, clsx('min-w-0 grow', className))}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          autoCapitalize="none"
          spellCheck={false}
          {...inputProps}
        />
        <button
          type="button"
          aria-pressed={isShown}
          aria-controls={id}
          onClick={() => setIsShown((shown) => !shown)}
          className="inline-flex min-h-11 shrink-0 cursor-pointer items-center gap-1 rounded border-2 border-ink bg-white px-3 text-lg font-semibold"
        >
          {isShown ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
          Show <span className="sr-only">{label.toLowerCase()}</span>
        </button>
      </div>
    </FieldFrame>
  );
}
