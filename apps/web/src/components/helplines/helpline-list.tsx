import type { Helpline } from '@locals/contracts/helplines';
import clsx from 'clsx';
import { useId } from 'react';
import { HoursText, PhoneLink, TextLink } from './helpline-contact';

type HeadingLevel = 2 | 3;

type HelplineListProps = {
  helplines: Helpline[];
  /** 2 on a page; 3 inside a dialog or under a section that already has an h2. */
  headingLevel?: HeadingLevel;
  heading?: string;
  /** Plain words about the lines chosen, said above them ("Locals has no debt line for ..."). */
  notice?: string | null;
  /**
   * 'compact' beside or after results: the same facts in less height, so a phone screen still
   * shows the results around them.
   */
  variant?: 'full' | 'compact';
};

type HelplineItemProps = { helpline: Helpline; level: HeadingLevel; isCompact: boolean };

function HelplineItem({ helpline, level, isCompact }: HelplineItemProps) {
  const Heading = level === 2 ? 'h3' : 'h4';
  const hasContact = Boolean(helpline.phoneHref ?? helpline.text);
  return (
    <li className={clsx('border-l-4 border-brand bg-surface', isCompact ? 'p-3' : 'p-4')}>
      <Heading className={level === 2 && !isCompact ? 'text-xl font-bold' : 'text-lg font-bold'}>
        {helpline.service}
      </Heading>
      <p className="text-muted">{helpline.organisation}</p>
      <p className="mb-2 font-bold">{helpline.forWhom}</p>
      <p className={isCompact ? 'mb-2' : 'mb-3 text-lg'}>{helpline.helpsWith}</p>
      <dl className={clsx('grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]', !isCompact && 'text-lg')}>
        {hasContact && (
          <>
            <dt className="sr-only">Contact</dt>
            <dd className="flex flex-wrap gap-x-6 sm:col-span-2">
              <PhoneLink helpline={helpline} />
              <TextLink helpline={helpline} />
            </dd>
          </>
        )}
        <dt className="font-bold">Opening times</dt>
        <dd>
          <HoursText helpline={helpline} />
        </dd>
      </dl>
    </li>
  );
}

/**
 * National helplines for a need: beside a search, or where Locals has no local service for it or
 * does not cover an area yet (decisions 011 and 027). The helplines data asks that 999 is always
 * shown beside them: none of these lines is an emergency service.
 */
export function HelplineList({
  helplines,
  headingLevel = 2,
  heading = 'National helplines',
  notice = null,
  variant = 'full',
}: HelplineListProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isCompact = variant === 'compact';
  if (helplines.length === 0) {
    return notice ? <p className="mb-6 max-w-prose text-lg">{notice}</p> : null;
  }
  return (
    <section aria-labelledby={headingId} className="mb-6 max-w-prose">
      <Heading
        id={headingId}
        className={headingLevel === 2 ? 'mb-2 text-2xl font-bold' : 'mb-2 text-xl font-bold'}
      >
        {heading}
      </Heading>
      {notice && <p className="mb-2 text-lg">{notice}</p>}
      {!isCompact && (
        <p className="mb-2 text-lg">
          These are national services, not local ones. You can contact them wherever you live in the
          area each one covers.
        </p>
      )}
      <p className="mb-4 text-lg font-bold">
        In an emergency, or if a life is at risk, call <a href="tel:999">999</a>.
      </p>
      <ul className={isCompact ? 'space-y-3' : 'space-y-4'}>
        {helplines.map((helpline) => (
          <HelplineItem
            key={helpline.id}
            helpline={helpline}
            level={headingLevel}
            isCompact={isCompact}
          />
        ))}
      </ul>
    </section>
  );
}
