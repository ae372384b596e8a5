import type { VoteType } from '@locals/contracts/votes';
import clsx from 'clsx';
import { ThumbsDown, ThumbsUp } from 'lucide-react';

const ICONS = { up: ThumbsUp, down: ThumbsDown } as const;
const NAMES = { up: 'Thumbs up', down: 'Thumbs down' } as const;

/** Same size as the other card actions: at least 44 by 44 px for touch (WCAG 2.5.5). */
export const voteButtonBaseClassName =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border-2 px-2 font-semibold';

type VoteButtonContentProps = {
  voteType: VoteType;
  serviceName: string;
  /** Unknown while the counts load or when they could not be loaded. */
  count: number | undefined;
  isPressed?: boolean;
};

/**
 * The icon and the visible count, named for screen readers as "Thumbs up for {service}, 3 votes"
 * (the visible count is part of the name, as WCAG 2.5.3 asks).
 */
export function VoteButtonContent({
  voteType,
  serviceName,
  count,
  isPressed = false,
}: VoteButtonContentProps) {
  const Icon = ICONS[voteType];
  return (
    <>
      {/* A filled icon, not colour alone, shows the person's own vote (WCAG 1.4.1). */}
      <Icon aria-hidden="true" className={clsx('size-5', isPressed && 'fill-current')} />
      <span className="sr-only">
        {NAMES[voteType]} for {serviceName}
        {count !== undefined && ','}
      </span>
      {/* Spaces between the spans, not inside them: accessible names trim each part. */}
      {count !== undefined && (
        <>
          {' '}
          <span>{count}</span> <span className="sr-only">{count === 1 ? 'vote' : 'votes'}</span>
        </>
      )}
    </>
  );
}
