import type { ServiceSummary } from '@locals/contracts/search';
import { Button } from '@/components/ui/button';
import { HeadedSection } from '@/components/ui/headed-section';

type UnmappedServicesProps = {
  services: ServiceSummary[];
  onOpenService: (service: ServiceSummary) => void;
};

/** Services we cannot place: listed, never put at a made-up spot on the map. */
export function UnmappedServices({ services, onOpenService }: UnmappedServicesProps) {
  return (
    <HeadedSection
      headingId="unmapped-heading"
      heading="Location not mapped"
      headingClassName="mb-1 text-2xl font-bold"
      className="mt-6"
    >
      <p className="mb-3 max-w-prose">
        We do not know exactly where these {services.length === 1 ? 'service is' : 'services are'},
        so {services.length === 1 ? 'it is' : 'they are'} not on the map.
      </p>
      <ul className="divide-y divide-line border-y border-line">
        {services.map((service) => (
          <li key={service.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-bold">{service.name}</p>
              {service.address && (
                <p>{[service.address, service.postcode].filter(Boolean).join(', ')}</p>
              )}
              {service.distance && <p>{service.distance} away</p>}
            </div>
            <Button variant="secondary" onClick={() => onOpenService(service)}>
              More info <span className="sr-only">about {service.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
