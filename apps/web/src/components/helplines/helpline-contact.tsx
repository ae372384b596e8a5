import type { Helpline } from '@locals/contracts/helplines';
import clsx from 'clsx';
import { MessageSquare, Phone } from 'lucide-react';

/** "Text SHOUT to 85258" from the server's sms: link ("sms:85258?body=SHOUT"), or null. */
export function textInstruction(textHref: string | null): string | null {
  if (!textHref?.startsWith('sms:')) return null;
  const [number = '', query = ''] = textHref.slice('sms:'.length).split('?');
  if (number === '') return null;
  const body = new URLSearchParams(query).get('body');
  return body
    ? `Text ${body} to ${decodeURIComponent(number)}`
    : `Text ${decodeURIComponent(number)}`;
}

type ContactLinkProps = {
  helpline: Helpline;
  className?: string;
  /** Said before the number ("Call"), where the link stands alone as a button. */
  verb?: string;
};

const LINK_CLASS = 'inline-flex min-h-11 items-center gap-2 font-bold';

/** The number as a tel: link, at least 44px tall, named with the service for a screen reader. */
export function PhoneLink({ helpline, className, verb }: ContactLinkProps) {
  if (!helpline.phone || !helpline.phoneHref) return null;
  return (
    <a href={helpline.phoneHref} className={clsx(LINK_CLASS, className)}>
      <Phone aria-hidden="true" className="size-5 shrink-0" />
      {verb ? `${verb} ${helpline.phone}` : helpline.phone}
      <span className="sr-only">, {helpline.service}</span>
    </a>
  );
}

/**
 * The text line as an sms: link that opens the phone's messages with the word filled in. A text
 * number the server could not make a link of is still said, as the organisation prints it.
 */
export function TextLink({ helpline, className }: ContactLinkProps) {
  const instruction = textInstruction(helpline.textHref);
  if (helpline.textHref && instruction) {
    return (
      <a href={helpline.textHref} className={clsx(LINK_CLASS, className)}>
        <MessageSquare aria-hidden="true" className="size-5 shrink-0" />
        {instruction}
        <span className="sr-only">, {helpline.service}</span>
      </a>
    );
  }
  return helpline.text ? <span>Text {helpline.text}</span> : null;
}

/**
 * Confirmed hours, or where to check them: hours nobody has confirmed are never guessed at, and
 * never shown as a blank or "N/A" that leaves a person wondering whether to call.
 */
export function HoursText({ helpline }: { helpline: Helpline }) {
  if (helpline.hours) return <>{helpline.hours}</>;
  const source = helpline.sourceUrls[0];
  const where = `the ${helpline.organisation} website`;
  if (!source) return <>Check the hours on {where}</>;
  return <a href={source}>Check the hours on {where}</a>;
}
