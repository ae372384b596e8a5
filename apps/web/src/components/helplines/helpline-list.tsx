import type { Helpline } from '@locals/contracts/helplines';
import { Phone } from 'lucide-react';
import { useId } from 'react';

type HeadingLevel = 2 | 3;

type HelplineListProps = {
  helplines: Helpline[];
  /** 2 on a page; 3 inside a dialog or under a section that already has an h2. */
  headingLevel?: HeadingLevel;
  heading?: string;
};

function HelplineItem({ helpline, level }: { helpline: Helpline; level: HeadingLevel }) {
  const Heading = level === 2 ? 'h3' : 'h4';
  return (
    <li className="border-l-4 border-brand bg-surface p-4">
      <Heading className={level === 2 ? 'text-xl font-bold' : 'text-lg font-bold'}>
        {helpline.service}
      </Heading>
      <p className="mb-2 text-muted">{helpline.organisation}</p>
      <p className="mb-3 text-lg">{helpline.helpsWith}</p>
      <dl className="grid gap-x-4 gap-y-1 text-lg sm:grid-cols-[auto_1fr]">
        {helpline.phone && helpline.phoneHref && (
          <>
            <dt className="font-bold">Phone</dt>
            <dd>
              <a
                href={helpline.phoneHref}
                className="inline-flex min-h-11 items-center gap-2 font-bold"
              >
                <Phone aria-hidden="true" className="size-5" />
                {helpline.phone}
                <span className="sr-only">, {helpline.service}</span>
              </a>
            </dd>
          </>
        )}
        {helpline.text && (
          <>
            <dt className="font-bold">Text</dt>
            <dd>{helpline.text}</dd>
          </>
        )}
        <dt className="font-bold">Opening times</dt>
        <dd>{helpline.hours}</dd>
        <dt className="font-bold">Covers</dt>
        <dd>{helpline.nations}</dd>
      </dl>
    </li>
  );
}

/**
 * National helplines for a need Locals has no local service for, or an area it does not cover
 * yet (issue 10). The helplines data asks that 999 is always shown beside them: none of these
 * lines is an emergency service.
 */
export function HelplineList({
  helplines,
  headingLevel = 2,
  heading = 'National helplines',
}: HelplineListProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (helplines.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-6 max-w-prose">
      <Heading
        id={headingId}
        className={headingLevel === 2 ? 'mb-2 text-2xl font-bold' : 'mb-2 text-xl font-bold'}
      >
        {heading}
      </Heading>
      <p className="mb-2 text-lg">
        These are national services, not local ones. You can contact them wherever you live in the
        area each one covers.
      </p>
      <p className="mb-4 text-lg font-bold">In an emergency, or if a life is at risk, call 999.</p>
      <ul className="space-y-4">
        {helplines.map((helpline) => (
          <HelplineItem key={helpline.id} helpline={helpline} level={headingLevel} />
        ))}
      </ul>
    </section>
  );
}
