import type { Crisis, Helpline } from '@locals/contracts/helplines';
import { Phone } from 'lucide-react';
import { useId } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { HoursText, PhoneLink, TextLink } from './helpline-contact';

/**
 * What to say once through to a line that has a menu. NHS 111's mental health option is 2 in
 * England (the only nation the data has it for); without it a caller in crisis meets the
 * general menu first.
 */
const WHEN_YOU_CALL: Partial<Record<string, string>> = {
  'nhs-111-mental-health': 'When you call 111, choose option 2, for mental health.',
};

const CONTACT_CLASS = buttonClassName('primary', 'text-xl');

function CrisisLine({ line }: { line: Helpline }) {
  const whenYouCall = WHEN_YOU_CALL[line.id];
  return (
    <li className="rounded border-2 border-line bg-white p-4">
      <h3 className="text-xl font-bold">{line.service}</h3>
      <p className="mb-3 text-lg">{line.forWhom}</p>
      <div className="mb-3 flex flex-wrap gap-3">
        <PhoneLink helpline={line} className={CONTACT_CLASS} verb="Call" />
        <TextLink helpline={line} className={CONTACT_CLASS} />
      </div>
      {whenYouCall && <p className="mb-2 text-lg font-bold">{whenYouCall}</p>}
      <p className="text-lg">
        <span className="font-bold">Open: </span>
        <HoursText helpline={line} />
      </p>
    </li>
  );
}

/**
 * Decision 027: when the words searched signal a risk to life, 999 and the crisis lines come first,
 * straight after the page's heading and before any result, so a screen reader reaches them next.
 * Calm and plain on purpose: the brand's colours, not the red of an error message.
 */
export function CrisisPanel({ crisis }: { crisis: Crisis }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 max-w-prose rounded border-l-8 border-brand bg-brand-light p-4 sm:p-6"
    >
      <h2 id={headingId} className="mb-3 text-2xl font-bold">
        If your life is at risk, get help now
      </h2>
      {/* 999 first and short, so it is on a phone's first screen. */}
      <div className="mb-4">
        <p className="mb-2 text-lg font-bold">
          Call 999 if you are in immediate danger or have hurt yourself.
        </p>
        <a href="tel:999" className={CONTACT_CLASS}>
          <Phone aria-hidden="true" className="size-5 shrink-0" />
          Call 999
        </a>
      </div>
      {crisis.lines.length > 0 && (
        <>
          <p className="mb-3 text-lg">
            {crisis.lines.every((line) => line.open24Hours)
              ? 'You do not have to go through this alone. You can talk to someone now, day or night:'
              : 'You do not have to go through this alone. You can talk to someone:'}
          </p>
          <ul className="space-y-4">
            {crisis.lines.map((line) => (
              <CrisisLine key={line.id} line={line} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
