import type { ServiceSummary } from '@locals/contracts/search';
import { Clock, MapPin, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListItemCard } from './list-item-card';

type ServiceListItemProps = {
  service: ServiceSummary;
  headingLevel: 2 | 4;
  onOpen: (serviceId: string) => void;
  /** A control beside the details, such as the remove button. */
  action?: ReactNode;
};

function ratingText({ rating, reviewCount }: Pick<ServiceSummary, 'rating' | 'reviewCount'>) {
  if (rating === null || reviewCount === 0) return 'No reviews yet';
  const reviews = `${reviewCount} review${reviewCount === 1 ? '' : 's'}`;
  return `Rating: ${rating.toFixed(1)} (${reviews})`;
}

/** Library hours arrive as "staffed: Mon 09:00-17:00; Tue 09:00-17:00": one line each. */
function openingHoursLines(openingHours: string | null): string[] {
  return (openingHours ?? '')
    .split(';')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** One service in a list: what a person needs to get there or call, also when printed. */
export function ServiceListItem({ service, headingLevel, onOpen, action }: ServiceListItemProps) {
  const address = [service.address, service.postcode].filter(Boolean).join(', ');
  const hours = openingHoursLines(service.openingHours);
  return (
    <ListItemCard
      title={service.name}
      headingLevel={headingLevel}
      onOpen={() => onOpen(service.id)}
      action={action}
      isPrinted
    >
      {address && (
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 print:hidden" />
          {address}
        </p>
      )}
      {service.phoneLinks.length > 0 && (
        <p className="flex items-start gap-2">
          <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 print:hidden" />
          <span>
            {service.phoneLinks.map((link, index) => (
              <span key={link.number}>
                {index > 0 && ', '}
                <a href={link.href}>{link.number}</a>
              </span>
            ))}
          </span>
        </p>
      )}
      {hours.length > 0 && (
        <div className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 print:hidden" />
          <p>
            <span className="sr-only print:not-sr-only print:font-bold">Opening hours: </span>
            {hours.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </p>
        </div>
      )}
      <p className="flex items-center gap-2 print:hidden">
        <Star aria-hidden="true" className="size-5 fill-current text-[#b35900]" />
        {ratingText(service)}
      </p>
    </ListItemCard>
  );
}
