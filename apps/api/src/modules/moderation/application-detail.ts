import type {
  ApplicationDetail,
  PendingApplication,
  PossibleDuplicate,
} from '@locals/contracts/moderation';
import { OVERDUE_AFTER_BUSINESS_DAYS } from '@locals/contracts/moderation';
import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { Db } from '@locals/db/client';
import { services } from '@locals/db/schema';
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { businessDaysBetween } from '../../capabilities/london-time';
import type { PlacePostcode } from '../listings';
import type { ApplicationRow } from './applications.repository';

/** Seed data made up for the demo is never a real organisation's listing. */
const DEMO_SOURCE = 'demo';
const MAX_DUPLICATES = 10;

/** Anything shaped like a full postcode, spaced or not: "BS1 4DJ", "bs14dj". */
const POSTCODE_LIKE = /\b[A-Z]{1,2}[0-9][A-Z0-9]?\s*[0-9][A-Z]{2}\b/gi;

/** The first full UK postcode written in an address, formatted; null when there is none. */
export function postcodeIn(address: string): string | null {
  const found = address.match(POSTCODE_LIKE)?.find(isFullPostcode);
  return found ? formatPostcode(found) : null;
}

/**
 * Listed services that may be the same organisation: the same name (any case) or the same
 * postcode. The listing this application's approval made is not a duplicate of it.
 */
async function possibleDuplicates(
  db: Db,
  application: ApplicationRow,
  postcode: string | null,
): Promise<PossibleDuplicate[]> {
  const name = application.organizationName.trim().toLowerCase();
  const sameName = sql`lower(${services.name}) = ${name}`;
  const matches: SQL[] = [sameName];
  if (postcode) matches.push(eq(services.postcode, postcode));
  const conditions: (SQL | undefined)[] = [ne(services.source, DEMO_SOURCE), or(...matches)];
  if (application.serviceId) conditions.push(ne(services.id, application.serviceId));
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      address: services.address,
      postcode: services.postcode,
    })
    .from(services)
    .where(and(...conditions))
    .orderBy(asc(services.name), asc(services.id))
    .limit(MAX_DUPLICATES);
  return rows.map((row) => ({
    ...row,
    reasons: [
      ...(row.name.trim().toLowerCase() === name ? (['name'] as const) : []),
      ...(postcode !== null && row.postcode === postcode ? (['postcode'] as const) : []),
    ],
  }));
}

/**
 * What the applicant sent and how long it has waited, in business days; a waiting application
 * is overdue past OVERDUE_AFTER_BUSINESS_DAYS.
 */
function applicationSummary(application: ApplicationRow, now: Date) {
  const ageBusinessDays = businessDaysBetween(application.createdAt, now);
  return {
    id: application.id,
    organizationName: application.organizationName,
    contactName: application.contactName,
    email: application.email,
    phone: application.phone,
    website: application.website,
    address: application.address,
    services: application.services,
    description: application.description,
    status: application.status,
    createdAt: application.createdAt.toISOString(),
    ageBusinessDays,
    overdue: application.status === 'received' && ageBusinessDays > OVERDUE_AFTER_BUSINESS_DAYS,
  };
}

/** An application in the moderators' queue of those waiting for a decision. */
export function pendingApplication(application: ApplicationRow, now: Date): PendingApplication {
  return { ...applicationSummary(application, now), status: 'received' };
}

/** Everything a moderator needs to decide on an application, whatever its status. */
export async function applicationDetail(
  db: Db,
  application: ApplicationRow,
  { place, now }: { place: PlacePostcode; now: Date },
): Promise<ApplicationDetail> {
  const postcode = postcodeIn(application.address);
  const placed = postcode ? await place(postcode) : null;
  return {
    ...applicationSummary(application, now),
    postcode,
    position: placed ? { latitude: placed.latitude, longitude: placed.longitude } : null,
    duplicates: await possibleDuplicates(db, application, postcode),
    decidedAt: application.decidedAt?.toISOString() ?? null,
    decidedBy: application.decidedBy,
    rejectionReason: application.rejectionReason,
    serviceId: application.serviceId,
  };
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "This application was already approved on 3 December 2026 by mod@example.org." */
export function alreadyDecidedMessage(application: ApplicationRow): string {
  const when = application.decidedAt ? ` on ${LONG_DATE.format(application.decidedAt)}` : '';
  const who = application.decidedBy ? ` by ${application.decidedBy}` : '';
  return `This application was already ${application.status}${when}${who}.`;
}
