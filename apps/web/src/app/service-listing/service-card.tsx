import type { ServiceSummary } from '@locals/contracts/search';
import { MapPin, Star } from 'lucide-react';
import { useId } from 'react';
import { StaleNote } from '@/components/listing-check/last-checked';
import { CardOpenState } from '@/features/services/components/card-open-state';
import { PhoneLinks } from '@/features/services/components/phone-links';
import { RecommendationHearts } from '@/features/services/components/recommendation-hearts';
import { ServiceBadges } from '@/features/services/components/service-badges';
import { plural, truncateDescription } from '@/features/services/service-text';
import { ServiceCardActions } from './service-card-actions';

type ServiceCardProps = {
  service: ServiceSummary;
  /** Sample data shown while the API cannot be reached: content only, no actions. */
  isSample: boolean;
  /** The results with this service open: More info's link, and the link Copy link copies. */
  detailHref: string;
  onMoreInfo: (serviceId: string) => void;
};

export function ServiceCard({ service, isSample, detailHref, onMoreInfo }: ServiceCardProps) {
  const headingId = useId();
  const address = [service.address, service.postcode].filter(Boolean).join(', ');

  return (
    <article aria-labelledby={headingId} className="rounded border-2 border-line bg-white p-4">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="mr-2 text-2xl font-bold">
          {service.name}
        </h2>
        <ServiceBadges isSample={isSample} service={service} />
      </div>
      {service.distance && <p className="font-bold">{service.distance} away</p>}
      {/* Right after the distance, so a phone's first screen says how to reach the nearest
          (decision 036). */}
      <PhoneLinks links={service.phoneLinks} />
      <CardOpenState service={service} isSample={isSample} />
      <StaleNote lastChecked={service.lastChecked} stale={service.stale} />
      {address && (
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {address}
        </p>
      )}
      {service.description && (
        <p className="my-2 max-w-prose">{truncateDescription(service.description)}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-1">
        <RecommendationHearts count={service.recommendations} />
        {service.rating !== null && (
          <p className="flex items-center gap-1">
            <Star aria-hidden="true" className="size-5 fill-current text-[#b35900]" />
            <span>
              Rated {service.rating.toFixed(1)} out of 5 ({plural(service.reviewCount, 'review')})
            </span>
          </p>
        )}
      </div>
      {service.serviceTypes.length > 0 && (
        <ul aria-label="Service types" className="mt-3 flex flex-wrap gap-2">
          {service.serviceTypes.map((type) => (
            <li key={type} className="rounded-full bg-brand-light px-3 py-0.5 text-brand-dark">
              {type}
            </li>
          ))}
        </ul>
      )}
      {!isSample && (
        <ServiceCardActions
          serviceId={service.id}
          serviceName={service.name}
          detailHref={detailHref}
          onMoreInfo={() => onMoreInfo(service.id)}
        />
      )}
    </article>
  );
}
