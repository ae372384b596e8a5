import { useId } from 'react';
import type { ReactNode } from 'react';

type ScrollTableProps = { caption: ReactNode; children: ReactNode };

/**
 * A table that scrolls sideways on a phone rather than squeezing its columns. The wrapper is a
 * named, focusable region so keyboard users can scroll it too (Adrian Roselli's pattern).
 */
export function ScrollTable({ caption, children }: ScrollTableProps) {
  const captionId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable by keyboard
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="mb-6 overflow-x-auto">
      <table className="w-full border-collapse text-left text-lg [&_td]:border-b [&_td]:border-line [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top [&_th]:border-b [&_th]:border-line [&_th]:py-2 [&_th]:pr-4 [&_th]:align-top">
        <caption id={captionId} className="mb-2 text-left text-xl font-bold">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
