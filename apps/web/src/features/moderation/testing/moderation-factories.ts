import type {
  ApplicationDetail,
  AuditEntry,
  EscalatedSuggestion,
  PendingApplication,
  ProviderEdit,
  StaleListing,
} from '@locals/contracts/moderation';
import type { ListingFields } from '@locals/contracts/listing';
import type { EventSubmission } from '@locals/contracts/organiser-events';
import type { PendingEvent } from '../api/list-pending-events';
import { buildEventSubmission } from '@/features/organiser-events/testing/organiser-event-factories';
import { buildUser, signedInAs } from '@/testing/auth';

export const APPLICATION_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const SUGGESTION_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const PENDING_EVENT_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

export const asModerator = signedInAs(buildUser({ email: 'mod@example.org' }), ['moderator']);

export function buildPendingApplication(
  overrides: Partial<PendingApplication> = {},
): PendingApplication {
  return {
    id: APPLICATION_ID,
    organizationName: 'Easton Food Bank',
    contactName: 'Grace Hopper',
    email: 'grace@eastonfood.example',
    phone: '0117 496 0000',
    website: 'https://eastonfood.example',
    address: '12 Stapleton Road, Bristol BS5 0QL',
    services: 'Food parcels on Tuesdays',
    description: 'A food bank run by volunteers.',
    status: 'received',
    createdAt: '2026-11-20T10:00:00.000Z',
    ageBusinessDays: 3,
    overdue: true,
    ...overrides,
  };
}

export function buildApplicationDetail(
  overrides: Partial<ApplicationDetail> = {},
): ApplicationDetail {
  return {
    ...buildPendingApplication(),
    status: 'received',
    postcode: 'BS5 0QL',
    position: { latitude: 51.466, longitude: -2.563 },
    duplicates: [],
    decidedAt: null,
    decidedBy: null,
    rejectionReason: null,
    serviceId: null,
    ...overrides,
  };
}

export function buildListingFields(overrides: Partial<ListingFields> = {}): ListingFields {
  return {
    name: 'Riverside Surgery',
    description: 'A GP practice.',
    categories: ['health'],
    phones: ['0117 496 0001'],
    email: 'hello@riverside.example',
    website: '',
    address: '1 River Road, Bristol',
    postcode: 'BS1 4DJ',
    openingHours: 'Monday to Friday, 8am to 6pm',
    ...overrides,
  };
}

export function buildEscalatedSuggestion(
  overrides: Partial<EscalatedSuggestion> = {},
): EscalatedSuggestion {
  return {
    id: SUGGESTION_ID,
    serviceId: 'ods:F1',
    serviceName: 'Riverside Surgery',
    suggestionText: 'The phone number has changed to 0117 496 0999.',
    createdAt: '2026-11-10T10:00:00.000Z',
    ageBusinessDays: 7,
    listing: buildListingFields(),
    ...overrides,
  };
}

export function buildProviderEdit(overrides: Partial<ProviderEdit> = {}): ProviderEdit {
  return {
    id: 41,
    at: '2026-11-24T14:30:00.000Z',
    actor: 'owner@riverside.example',
    serviceId: 'ods:F1',
    serviceName: 'Riverside Surgery',
    before: { openingHours: 'Monday to Friday, 8am to 6pm', phones: ['0117 496 0001'] },
    after: { openingHours: 'Monday to Friday, 9am to 5pm', phones: ['0117 496 0999'] },
    revertedAt: null,
    ...overrides,
  };
}

export function buildStaleListing(overrides: Partial<StaleListing> = {}): StaleListing {
  return {
    id: 'ods:F9',
    name: 'Old Library',
    postcode: 'BS2 0AA',
    lastChecked: '2025-09-01',
    contactEmail: 'library@example.org',
    nudgedAt: '2026-08-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 7,
    at: '2026-11-25T15:05:00.000Z',
    actorUserId: 'user-1',
    actor: 'mod@example.org',
    action: 'approve-application',
    entityType: 'application',
    entityId: APPLICATION_ID,
    before: { status: 'received' },
    after: { status: 'approved' },
    ...overrides,
  };
}

/**
 * The organisers' coffee morning, as a moderator finds it waiting: a longer run of Tuesdays, one
 * accessibility feature.
 */
function waitingSubmission(overrides: Partial<EventSubmission> = {}): EventSubmission {
  return buildEventSubmission({
    accessibility: ['Step-free entrance'],
    repeat: { frequency: 'weekly', until: '2027-03-30', except: ['2026-12-29'] },
    ...overrides,
  });
}

export function buildPendingEvent(
  overrides: Partial<Omit<PendingEvent, 'submission'>> & {
    submission?: Partial<EventSubmission>;
  } = {},
): PendingEvent {
  const { submission, ...rest } = overrides;
  return {
    id: PENDING_EVENT_ID,
    status: 'pending',
    refusalReason: null,
    cancelled: false,
    submission: waitingSubmission(submission),
    recurrence: 'Every Tuesday until 30 March 2027',
    dates: [],
    submittedAt: '2026-11-18T10:00:00.000Z',
    updatedAt: '2026-11-18T10:00:00.000Z',
    decidedAt: null,
    submittedBy: 'organiser@example.org',
    ageBusinessDays: 2,
    overdue: false,
    ...rest,
  };
}
