import { safeHttpUrl } from '@locals/contracts/safe-url';
import type { FieldSource, ServiceDetail } from '@locals/contracts/search';
import { LastChecked } from '@/components/listing-check/last-checked';
import { ageRangeLabel, formatDate, formatSourceDate, listingStatusNote } from '../detail-text';
import { openingHoursLines, shownOpenState } from '../opening-text';
import { contactNextStep, unknownDetails } from '../unknown-details';
import { DetailRow, listOrNull } from './detail-row';
import { OpenStateBadge } from './open-state-badge';
import { OpeningHours } from './opening-hours';

type ServiceDetailFieldsProps = {
  service: ServiceDetail;
  /** The distance from the results list, when the detail has none. */
  distance: string | null;
};

function ProvenanceLine({ provenance }: { provenance: ServiceDetail['provenance'] }) {
  const updated = formatDate(provenance.lastUpdated);
  const alsoFrom = provenance.alsoFrom ?? [];
  return (
    <>
      {provenance.sourceName ?? provenance.source}. Licence: {provenance.licence}.
      {updated ? ` Last updated ${updated}.` : ''}
      {alsoFrom.length > 0 && (
        <ul>
          {alsoFrom.map((other) => (
            <li key={`${other.source} ${other.sourceRecordId ?? ''}`}>{alsoListedLine(other)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Another record of the same place (decision 028): "Also listed in NHS ODS egdpprac (general
 * dental practices), record V21656. Licence: …", so every source is credited.
 */
function alsoListedLine(other: NonNullable<ServiceDetail['provenance']['alsoFrom']>[number]) {
  const record = other.sourceRecordId ? `, record ${other.sourceRecordId}` : '';
  return `Also listed in ${other.sourceName ?? other.source}${record}. Licence: ${other.licence}.`;
}

/** " on 2 October 2026", to follow "confirmed by ...", when the date is known. */
function lastCheckedOn(lastChecked: string | null): string {
  const date = formatDate(lastChecked);
  return date ? ` on ${date}` : '';
}

/** "From NHS website data, May 2019": where one contact detail came from (decision 032). */
function FieldSourceNote({ source }: { source: FieldSource | undefined }) {
  if (!source) return null;
  const when = formatSourceDate(source.asOf);
  return (
    <p className="text-base text-muted">
      From {source.source}
      {when ? `, ${when}` : ''}
    </p>
  );
}

/** What Locals does not have, said once, with where to look (decision 032: no rows of "N/A"). */
function UnknownDetails({ service }: { service: ServiceDetail }) {
  const unknown = unknownDetails(service);
  const nextStep = contactNextStep(service);
  if (!unknown) return null;
  return (
    <div className="mb-4">
      <p>Locals does not have {unknown}.</p>
      {nextStep && (
        <p>
          <a href={nextStep.href} target="_blank" rel="noopener noreferrer">
            {nextStep.text} <span className="sr-only">(opens in a new tab)</span>
          </a>{' '}
          {nextStep.hint}
        </p>
      )}
    </div>
  );
}

export function ServiceDetailFields({ service, distance }: ServiceDetailFieldsProps) {
  const address = [service.address, service.postcode].filter(Boolean).join(', ');
  const website = safeHttpUrl(service.website);
  const hours = openingHoursLines(service);
  const listingStatus = listingStatusNote(service.status);
  const sources = service.contactSources;
  return (
    <>
      <dl className="mb-4">
        <DetailRow label="Provider">{service.provider}</DetailRow>
        <DetailRow label="Last checked">
          <LastChecked
            lastChecked={service.lastChecked}
            stale={service.stale}
            never="Not yet checked by Locals: the details come from the source below"
            dateOnly
          />
        </DetailRow>
        <DetailRow label="Description">{service.description}</DetailRow>
        <DetailRow label="Full description">{service.fullDescription}</DetailRow>
        <DetailRow label="Main services">{listOrNull(service.mainServices)}</DetailRow>
        <DetailRow label="Other services">{listOrNull(service.otherServices)}</DetailRow>
        <DetailRow label="Facilities">{listOrNull(service.facilities)}</DetailRow>
        <DetailRow label="Who We Serve">{listOrNull(service.serving)}</DetailRow>
        <DetailRow label="Distance">{service.distance ?? distance}</DetailRow>
        <DetailRow label="Address">{address}</DetailRow>
        <DetailRow label="Phone">
          {service.phoneLinks.length > 0 && (
            <ul>
              {service.phoneLinks.map((link) => (
                <li key={link.number}>
                  <a href={link.href}>{link.number}</a>
                </li>
              ))}
            </ul>
          )}
          {service.phoneLinks.length > 0 && <FieldSourceNote source={sources.phone} />}
        </DetailRow>
        <DetailRow label="Website">
          {/* Stored data may predate the import checks; only http(s) becomes a link
              (decision 029). */}
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer">
              {website} <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            service.website
          )}
          {service.website && <FieldSourceNote source={sources.website} />}
        </DetailRow>
        <DetailRow label="Email">
          {service.email && (
            <>
              <a href={`mailto:${service.email}`}>{service.email}</a>
              <FieldSourceNote source={sources.email} />
            </>
          )}
        </DetailRow>
        <DetailRow label="Status">
          <OpenStateBadge state={shownOpenState(service)} />
          {listingStatus && <p>{listingStatus}</p>}
        </DetailRow>
        <DetailRow label="Status details">{service.statusDetails}</DetailRow>
        <DetailRow label="Verified">
          {service.verified &&
            `Yes: confirmed by its provider or a Locals moderator${lastCheckedOn(service.lastChecked)}` +
              (service.verificationStatus ? ` (${service.verificationStatus})` : '')}
        </DetailRow>
        <DetailRow label="Opening hours">
          {hours.length > 0 && <OpeningHours note={service.weeklyHours?.note} lines={hours} />}
        </DetailRow>
        <DetailRow label="Service types">{listOrNull(service.serviceTypes)}</DetailRow>
        <DetailRow label="Age range">{ageRangeLabel(service.ageRange)}</DetailRow>
        <DetailRow label="Accessibility">{listOrNull(service.accessibility)}</DetailRow>
        <DetailRow label="Languages">{listOrNull(service.languages)}</DetailRow>
        <DetailRow label="Source">
          <ProvenanceLine provenance={service.provenance} />
        </DetailRow>
      </dl>
      <UnknownDetails service={service} />
    </>
  );
}
