import { useId } from 'react';
import type { ReactNode } from 'react';

type ScrollTableProps = {
  caption: ReactNode;
  /** The column headings, left to right. */
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
};

/**
 * A table that scrolls sideways on a phone rather than squeezing its columns. The wrapper is a
 * named, focusable region so keyboard users can scroll it too (Adrian Roselli's pattern). The
 * title stands above the region, not in a <caption>: a caption is as wide as the table, so on a
 * phone it was cut off at the screen's edge. It names the region and the table alike.
 */
export function ScrollTable({ caption, columns, children }: ScrollTableProps) {
  const captionId = useId();
  return (
    <>
      <p id={captionId} className="mb-2 text-xl font-bold">
        {caption}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable by keyboard */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="mb-6 overflow-x-auto">
        <table
          aria-labelledby={captionId}
          className="w-full border-collapse text-left text-lg [&_td]:border-b [&_td]:border-line [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top [&_th]:border-b [&_th]:border-line [&_th]:py-2 [&_th]:pr-4 [&_th]:align-top"
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  );
}
