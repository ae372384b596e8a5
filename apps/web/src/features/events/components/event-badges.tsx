import { eventCategoryLabel } from '@locals/contracts/event-categories';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import clsx from 'clsx';
import { FlaskConical } from 'lucide-react';

/**
 * A colour per category, Health included. Dark text on a pale tint, each pair at least
 * 7:1, and the label is always written, so colour is never the only sign (WCAG 1.4.1).
 */
const CATEGORY_COLOURS: Record<EventCategoryId, string> = {
  housing: 'bg-[#dbe9f6] text-[#0b3d6e]',
  food: 'bg-[#fdebd0] text-[#6b3300]',
  wellbeing: 'bg-[#e6f2ec] text-[#004d29]',
  training: 'bg-[#ece5f6] text-[#41257f]',
  health: 'bg-[#fbeae9] text-[#8a1c16]',
};

const badge = 'inline-flex items-center gap-1 rounded px-2 py-0.5 text-base font-bold';

export function EventCategoryBadge({ category }: { category: EventCategoryId }) {
  return (
    <span className={clsx(badge, CATEGORY_COLOURS[category])}>
      {eventCategoryLabel(category) ?? category}
    </span>
  );
}

/** On every demo event (isDemo), so nobody travels to an event that does not exist. */
export function ExampleEventBadge() {
  return (
    <span className={clsx(badge, 'border-2 border-ink bg-white text-ink')}>
      <FlaskConical aria-hidden="true" className="size-4" />
      Example event
    </span>
  );
}

/** The whole event, or with `on` one date of it, called off: said in words, not by colour. */
export function CancelledBadge({ on }: { on?: string }) {
  return (
    <span className={clsx(badge, 'bg-danger text-white')}>
      {on ? `Cancelled on ${on}` : 'Cancelled'}
    </span>
  );
}
