import type { ApplicationDetail } from '@locals/contracts/moderation';
import { longDate } from '@/lib/long-date';
import { businessDays } from '../moderation-text';
import { SummaryList, SummaryRow } from './summary-list';

/** Every field the applicant sent, as they sent it. */
export function ApplicationFields({ application }: { application: ApplicationDetail }) {
  return (
    <section aria-labelledby="application-heading" className="mb-8">
      <h2 id="application-heading" className="mb-2 text-2xl font-bold">
        What they sent
      </h2>
      <SummaryList>
        <SummaryRow label="Organisation">{application.organizationName}</SummaryRow>
        <SummaryRow label="Contact name">{application.contactName}</SummaryRow>
        <SummaryRow label="Email">{application.email}</SummaryRow>
        <SummaryRow label="Phone">{application.phone}</SummaryRow>
        <SummaryRow label="Website">{application.website || 'None given'}</SummaryRow>
        <SummaryRow label="Address">{application.address}</SummaryRow>
        <SummaryRow label="Postcode">
          {application.postcode ?? 'None found in the address'}
        </SummaryRow>
        <SummaryRow label="Services offered">{application.services}</SummaryRow>
        <SummaryRow label="Description">{application.description}</SummaryRow>
        <SummaryRow label="Received">
          <time dateTime={application.createdAt}>{longDate(application.createdAt)}</time>
          {application.status === 'received' &&
            ` (${businessDays(application.ageBusinessDays)} ago)`}
        </SummaryRow>
      </SummaryList>
    </section>
  );
}
