import { Phone } from 'lucide-react';
import { CARD_PHONE_LIMIT, telHref } from '../service-text';

export function PhoneLinks({ phones }: { phones: string[] }) {
  if (phones.length === 0) return null;
  const shown = phones.slice(0, CARD_PHONE_LIMIT);
  const hiddenCount = phones.length - shown.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <Phone aria-hidden="true" className="size-5 shrink-0" />
      <ul className="contents">
        {shown.map((phone) => (
          <li key={phone}>
            <a href={telHref(phone)}>{phone}</a>
          </li>
        ))}
      </ul>
      {hiddenCount > 0 && <span className="text-muted">+{hiddenCount} more in details</span>}
    </div>
  );
}
