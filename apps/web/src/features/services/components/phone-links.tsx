import type { PhoneLink } from '@locals/contracts/search';
import { Phone } from 'lucide-react';
import { CARD_PHONE_LIMIT } from '../service-text';

/** The numbers as tel: links the server made (libphonenumber), the first two on a card. */
export function PhoneLinks({ links }: { links: PhoneLink[] }) {
  if (links.length === 0) return null;
  const shown = links.slice(0, CARD_PHONE_LIMIT);
  const hiddenCount = links.length - shown.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <Phone aria-hidden="true" className="size-5 shrink-0" />
      <ul className="contents">
        {shown.map((link) => (
          <li key={link.number}>
            <a href={link.href}>{link.number}</a>
          </li>
        ))}
      </ul>
      {hiddenCount > 0 && <span className="text-muted">+{hiddenCount} more in details</span>}
    </div>
  );
}
