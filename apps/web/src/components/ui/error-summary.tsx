import { useLayoutEffect, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';

export type FieldErrorItem = { fieldId: string; message: string };

type ErrorSummaryProps = { errors: FieldErrorItem[] };

/** GOV.UK error summary: takes focus after a failed submit and links to each field. */
export function ErrorSummary({ errors }: ErrorSummaryProps) {
  // Focus follows what the summary says, not the array's identity: a form that rebuilds the list
  // on every render must not pull focus out of the field a person is typing in.
  const signature = errors.map((error) => `${error.fieldId}:${error.message}`).join('\n');

  function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const field = document.getElementById(fieldId);
    if (!field) return;
    // Following the #anchor would scroll but not always focus the input, so do both by hand.
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: 'center' });
  }

  if (errors.length === 0) return null;

  return (
    <ProblemBox titleId="error-summary-title" signature={signature}>
      <ul className="space-y-1">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => focusField(event, error.fieldId)}
              className="font-bold text-danger visited:text-danger"
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </ProblemBox>
  );
}

type ProblemBoxProps = {
  titleId: string;
  /** What the box says, as text: the box takes focus whenever it changes. */
  signature: string;
  children: ReactNode;
};

/** 'There is a problem' at the top of a form, focused so a screen reader hears it at once. */
export function ProblemBox({ titleId, signature, children }: ProblemBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="mb-6 border-4 border-danger p-4 focus:outline-3 focus:outline-focus"
    >
      <h2 id={titleId} className="mb-2 text-xl font-bold">
        There is a problem
      </h2>
      {children}
    </div>
  );
}
