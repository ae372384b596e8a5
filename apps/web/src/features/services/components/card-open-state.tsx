import type { ServiceSummary } from '@locals/contracts/search';
import { shownOpenState, todaysHours } from '../opening-text';
import { OpenStateBadge } from './open-state-badge';

type CardOpenStateProps = {
  service: Pick<ServiceSummary, 'isDemo' | 'openState' | 'weeklyHours'>;
  /** Sample data has no real hours. */
  isSample: boolean;
};

/** The card's compact hours: open or closed now, and today's hours; the week is in the detail. */
export function CardOpenState({ service, isSample }: CardOpenStateProps) {
  const hasRealHours = !isSample && !service.isDemo;
  const today = hasRealHours ? todaysHours(service.weeklyHours, new Date()) : null;
  return (
    <p className="my-1 flex flex-wrap items-center gap-x-2 gap-y-1">
      <OpenStateBadge state={hasRealHours ? shownOpenState(service) : 'unknown'} />
      {/* The space keeps "Open now" and "Today" apart for screen readers; flex layout drops it. */}
      {today && (
        <>
          {' '}
          <span>{today}</span>
        </>
      )}
    </p>
  );
}
