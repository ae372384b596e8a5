import clsx from 'clsx';
import type { ReactNode } from 'react';

type ListItemCardProps = {
  title: string;
  headingLevel: 2 | 4;
  onOpen: () => void;
  /** A control beside the details, such as the remove button. */
  action?: ReactNode;
  /** In a list people print: a plain row on paper. */
  isPrinted?: boolean;
  /** The details under the title. */
  children: ReactNode;
};

/** One saved item in a list: its title, which opens its details, the details, and an action. */
export function ListItemCard({
  title,
  headingLevel,
  onOpen,
  action,
  isPrinted = false,
  children,
}: ListItemCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  return (
    <article
      className={clsx(
        'flex flex-wrap items-start justify-between gap-3 rounded border-2 border-line p-4',
        isPrinted &&
          'print:break-inside-avoid print:rounded-none print:border-0 print:border-b print:px-0 print:py-2',
      )}
    >
      <div className="grow space-y-1">
        <Heading className="text-xl font-bold">
          {/* The name opens the details; print shows it as plain text. */}
          <button
            type="button"
            aria-haspopup="dialog"
            className={clsx(
              'cursor-pointer text-left text-link underline underline-offset-2 hover:text-link-hover',
              isPrinted && 'print:text-ink print:no-underline',
            )}
            onClick={onOpen}
          >
            {title}
          </button>
        </Heading>
        {children}
      </div>
      {action}
    </article>
  );
}
