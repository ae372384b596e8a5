import clsx from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type FieldFrameProps = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
};

export function hintId(id: string): string {
  return `${id}-hint`;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

export function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function controlClassName(error: string | undefined, className?: string): string {
  return clsx(
    'block min-h-11 w-full rounded-none border-2 bg-white px-2 py-1.5 text-lg text-ink',
    error ? 'border-danger border-4' : 'border-ink',
    className,
  );
}

/** A field's label, hint and error above its control: `children`. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={clsx('mb-5', error && 'border-l-4 border-danger pl-3')}>
      <label htmlFor={id} className="mb-1 block text-lg font-bold">
        {label}
      </label>
      {hint && (
        <p id={hintId(id)} className="mb-1 text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="mb-1 font-bold text-danger">
          <span className="sr-only">Error:</span> {error}
        </p>
      )}
      {children}
    </div>
  );
}

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

export function TextField({ id, label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={controlClassName(error, className)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...inputProps}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

export function TextAreaField({ id, label, hint, error, className, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={4}
        className={controlClassName(error, className)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...props}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

export function SelectField({ id, label, hint, error, className, ...props }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={controlClassName(error, className)}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...props}
      />
    </FieldFrame>
  );
}

type SelectOptionsProps = {
  /** The first option's words, for the empty value: no choice made. */
  any: string;
  options: readonly { id: string; label: string }[];
};

/** A select's options: `any` first, then one for each of `options`. */
export function SelectOptions({ any, options }: SelectOptionsProps) {
  return (
    <>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** A UK postcode: shown in capitals, never spell-checked, offered the browser's saved one. */
export function PostcodeField({ className, ...props }: TextFieldProps) {
  return (
    <TextField
      autoComplete="postal-code"
      spellCheck={false}
      className={clsx(className, 'uppercase')}
      {...props}
    />
  );
}

type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  id: string;
  label: string;
  hint?: string | undefined;
};

export function CheckboxField({ id, label, hint, ...props }: CheckboxFieldProps) {
  return (
    <div className="mb-5 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-7 shrink-0 accent-brand"
        aria-describedby={hint ? hintId(id) : undefined}
        {...props}
      />
      <div>
        <label htmlFor={id} className="text-lg">
          {label}
        </label>
        {hint && (
          <p id={hintId(id)} className="text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
