import type { ServiceSummary } from '@locals/contracts/search';
import { Link } from 'react-router';

/** The class of what only works with JavaScript: hidden from a browser without it. */
export const NEEDS_SCRIPT_CLASS = 'map-needs-script';

type ServicesWithoutMapProps = {
  services: ServiceSummary[];
  /** The address of a service's details, which the server renders without JavaScript. */
  detailHref: (serviceId: string) => string;
};

/**
 * What a browser without JavaScript gets instead of the map (decision 036): the services the map
 * would have pinned, nearest first, each a link to its details. Inside <noscript>, so only such a
 * browser shows it, with a style hiding the map's box, key and buttons, which cannot work there.
 * React leaves a <noscript>'s content to the server's HTML, so the app takes the page over as it is.
 */
export function ServicesWithoutMap({ services, detailHref }: ServicesWithoutMapProps) {
  return (
    <noscript>
      <style>{`.${NEEDS_SCRIPT_CLASS}{display:none}`}</style>
      <section aria-labelledby="services-without-map-heading" className="mb-6">
        <h2 id="services-without-map-heading" className="mb-1 text-2xl font-bold">
          The services on the map
        </h2>
        <p className="mb-3 max-w-prose text-lg">
          The map needs JavaScript, which is off or not working in this browser. These are the
          services it would show, nearest first.
        </p>
        <ol className="divide-y divide-line border-y border-line">
          {services.map((service) => (
            <li key={service.id} className="py-2">
              <Link to={detailHref(service.id)} className="text-lg font-bold">
                {service.name}
              </Link>
              {service.distance && <p>{service.distance} away</p>}
              {service.address && (
                <p>{[service.address, service.postcode].filter(Boolean).join(', ')}</p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </noscript>
  );
}
