import type { OpenState } from '@locals/contracts/opening-hours-contract';
import clsx from 'clsx';
import { CircleHelp, DoorClosed, DoorOpen } from 'lucide-react';
import { OPEN_STATE_TEXT } from '../opening-text';

const LOOKS: Record<OpenState, { Icon: typeof DoorOpen; className: string }> = {
  open: { Icon: DoorOpen, className: 'bg-success-light text-success' },
  closed: { Icon: DoorClosed, className: 'bg-danger-light text-danger' },
  unknown: { Icon: CircleHelp, className: 'bg-surface text-ink' },
};

/** "Open now", "Closed now" or "Opening hours not known": its own words and icon, not colour. */
export function OpenStateBadge({ state }: { state: OpenState }) {
  const { Icon, className } = LOOKS[state];
  return (
    <span
      className={clsx('inline-flex items-center gap-1 rounded px-2 py-0.5 font-bold', className)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {OPEN_STATE_TEXT[state]}
    </span>
  );
}
