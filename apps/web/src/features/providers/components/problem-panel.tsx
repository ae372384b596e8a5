import type { ReactNode } from 'react';
import { useFocusOnMount } from './focus-on-mount';

type ProblemPanelProps = { message: string; children?: ReactNode };

/** What went wrong and what to do next, focused when it appears so it is read out. */
export function ProblemPanel({ message, children }: ProblemPanelProps) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      role="alert"
      aria-labelledby="problem-panel-title"
      tabIndex={-1}
      ref={ref}
      className="mb-6 border-4 border-danger p-4 focus:outline-3 focus:outline-focus"
    >
      <h2 id="problem-panel-title" className="mb-2 text-xl font-bold">
        There is a problem
      </h2>
      <p className="mb-2 text-lg font-bold text-danger">{message}</p>
      {children}
    </div>
  );
}
