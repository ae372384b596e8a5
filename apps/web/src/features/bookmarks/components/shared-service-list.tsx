import type { ServiceSummary } from '@locals/contracts/search';
import { ServiceListItem } from './service-list-item';

type SharedServiceListProps = {
  services: ServiceSummary[];
  onOpenService: (serviceId: string) => void;
};

export function SharedServiceList({ services, onOpenService }: SharedServiceListProps) {
  if (services.length === 0) {
    return <p className="text-lg">There are no services on this list at the moment.</p>;
  }
  return (
    <>
      <p className="mb-4 max-w-prose text-lg">
        Someone has shared these local services with you. Choose a name to see its details.
      </p>
      <ul className="space-y-3">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceListItem service={service} headingLevel={2} onOpen={onOpenService} />
          </li>
        ))}
      </ul>
    </>
  );
}
