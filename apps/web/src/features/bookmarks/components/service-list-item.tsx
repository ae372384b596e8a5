import type { ServiceSummary } from '@locals/contracts/search';
import { Clock, MapPin, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';

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
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  const address = [service.address, service.postcode].filter(Boolean).join(', ');
  const hours = openingHoursLines(service.openingHours);
  return (
    <article className="flex flex-wrap items-start justify-between gap-3 rounded border-2 border-line p-4 print:break-inside-avoid print:rounded-none print:border-0 print:border-b print:px-0 print:py-2">
      <div className="grow space-y-1">
        <Heading className="text-xl font-bold">
          {/* The name opens the details; print shows it as plain text. */}
          <button
            type="button"
            aria-haspopup="dialog"
            className="cursor-pointer text-left text-link underline underline-offset-2 hover:text-link-hover print:text-ink print:no-underline"
            onClick={() => onOpen(service.id)}
          >
            {service.name}
          </button>
        </Heading>
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
      </div>
      {action}
    </article>
  );
}
