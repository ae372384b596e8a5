import type { Event, EventDetail, EventsResponse } from '@locals/contracts/events';
import type { Crisis, Helpline } from '@locals/contracts/helplines';
import type {
  SearchRefinements,
  SearchResponse,
  ServiceDetail,
  ServiceSummary,
} from '@locals/contracts/search';

/** A tel: link as the server makes one, near enough for tests: the digits of the number. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A real-looking (demo) service summary; override what the test is about. */
export function buildService(overrides: Partial<ServiceSummary> = {}): ServiceSummary {
  const phones = overrides.phones ?? ['0117 000 0001'];
  return {
    id: 'demo:food-bs1-1',
    name: 'Harbourside Food Bank',
    description: 'Emergency food parcels for anyone who needs them.',
    address: '1 Harbour Road, Bristol',
    postcode: 'BS1 4DJ',
    phone: '0117 000 0001',
    phones,
    phoneLinks: phones.map((number) => ({ number, href: telHref(number) })),
    rating: 4.5,
    reviewCount: 12,
    recommendations: 3,
    categories: ['food'],
    serviceTypes: ['Food bank'],
    facilities: [],
    verified: true,
    listedBy: null,
    openingHours: null,
    weeklyHours: null,
    openState: 'unknown',
    distance: '0.4 miles',
    distanceMiles: 0.4,
    coordinates: { lat: 51.45, lng: -2.59 },
    isDemo: false,
    lastChecked: null,
    stale: false,
    ...overrides,
  };
}

export function buildServices(count: number, firstIndex = 1): ServiceSummary[] {
  return Array.from({ length: count }, (_, offset) =>
    buildService({
      id: `demo:service-${firstIndex + offset}`,
      name: `Service ${firstIndex + offset}`,
    }),
  );
}

export function buildSearchResponse(overrides: Partial<SearchResponse> = {}): SearchResponse {
  const results = overrides.results ?? buildServices(2);
  return {
    results,
    hasMore: false,
    totalResults: results.length,
    page: 1,
    pageSize: 10,
    location: {
      postcode: 'BS1 4DJ',
      outcode: 'BS1',
      coordinates: { lat: 51.45, lng: -2.59 },
      precision: 'postcode',
      areaName: 'Bristol',
    },
    keyword: null,
    coverage: { covered: true, areaName: 'Bristol', message: null },
    categoryGap: null,
    crisis: null,
    helplines: [],
    helplinePlacement: null,
    helplineNotice: null,
    // As the API counts them, here over the results given.
    refinements: {
      serviceTypes: typeCounts(results),
      agesNotStated: null,
      hoursNotKnown: null,
    },
    ...overrides,
  };
}

function typeCounts(services: readonly ServiceSummary[]): SearchRefinements['serviceTypes'] {
  const counts = new Map<string, number>();
  for (const type of services.flatMap((service) => service.serviceTypes))
    counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

/** A national helpline as helplines.csv gives one; override what the test is about. */
export function buildHelpline(overrides: Partial<Helpline> = {}): Helpline {
  const phone = overrides.phone === undefined ? '116 123' : overrides.phone;
  return {
    id: 'samaritans',
    organisation: 'Samaritans',
    service: 'Samaritans helpline',
    phone,
    phoneHref: phone === null ? null : telHref(phone),
    text: null,
    textHref: null,
    hours: '24 hours a day, every day',
    open24Hours: true,
    helpsWith: 'Anyone who is struggling to cope and needs someone to listen',
    categories: ['mentalhealth'],
    nations: 'UK-wide',
    forWhom: 'For people anywhere in the UK',
    sourceUrls: ['https://www.samaritans.org/how-we-can-help/contact-samaritan/'],
    sourceSeen: '2025-03-01',
    ...overrides,
  };
}

/** The crisis lines as the API gives them for a search in England: Samaritans, Shout, NHS 111. */
export function buildCrisis(overrides: Partial<Crisis> = {}): Crisis {
  return {
    kind: 'suicide',
    lines: [
      buildHelpline(),
      buildHelpline({
        id: 'shout-85258',
        organisation: 'Mental Health Innovations',
        service: 'Shout 85258 text support',
        phone: null,
        text: '85258 (text the word SHOUT)',
        textHref: 'sms:85258?body=SHOUT',
        hours: '24/7',
      }),
      buildHelpline({
        id: 'nhs-111-mental-health',
        organisation: 'NHS',
        service: 'NHS 111 mental health option',
        phone: '111',
        hours: '24 hours a day, 7 days a week',
        categories: ['mentalhealth', 'health'],
        nations: 'England',
        forWhom: 'For people in England only',
      }),
    ],
    ...overrides,
  };
}

export function buildServiceDetail(overrides: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    ...buildService(overrides.phones ? { phones: overrides.phones } : {}),
    provider: null,
    reviewDate: null,
    fullDescription: null,
    mainServices: [],
    otherServices: [],
    serving: [],
    status: null,
    statusDetails: null,
    website: null,
    email: null,
    contactSources: {},
    images: [],
    ageRange: null,
    verificationStatus: null,
    accessibility: [],
    languages: [],
    areaName: null,
    provenance: {
      source: 'demo',
      sourceName: 'Locals demo data',
      licence: 'CC0',
      lastUpdated: '2025-03-04T10:00:00.000Z',
      alsoFrom: [],
    },
    ...overrides,
  };
}

/** A weekly drop-in food event near BS5 6XX; override what the test is about. */
export function buildEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: 'demo:community-lunch',
    title: 'Community Lunch',
    description: 'A free hot meal and a friendly chat. Everyone is welcome.',
    category: 'food',
    date: '2026-12-01',
    time: '12:00',
    endTime: '14:00',
    allDay: false,
    startsAt: '2026-12-01T12:00:00.000Z',
    endsAt: '2026-12-01T14:00:00.000Z',
    dateCancelled: false,
    location: {
      venue: "St Mark's Hall",
      address: "St Mark's Road, Easton, Bristol",
      postcode: 'BS5 6XX',
      coordinates: { lat: 51.4632, lng: -2.5625 },
    },
    organizer: { name: 'Easton Community Kitchen', email: null, phone: null },
    registrationRequired: false,
    registrationLink: null,
    website: null,
    accessibility: [],
    tags: [],
    recurrence: 'Every Tuesday',
    cancelled: false,
    passed: false,
    distanceMiles: null,
    isDemo: false,
    provenance: { source: 'demo', sourceName: 'Locals demo data', licence: 'CC0' },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildEvents(count: number, firstIndex = 1): Event[] {
  return Array.from({ length: count }, (_, offset) =>
    buildEvent({ id: `demo:event-${firstIndex + offset}`, title: `Event ${firstIndex + offset}` }),
  );
}

export function buildEventsResponse(overrides: Partial<EventsResponse> = {}): EventsResponse {
  const events = overrides.events ?? buildEvents(2);
  return {
    events,
    totalCount: events.length,
    hasMore: false,
    page: 1,
    pageSize: 20,
    location: null,
    ...overrides,
  };
}

export function buildEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  const event = buildEvent(overrides);
  return {
    ...event,
    upcoming: [
      {
        date: event.date,
        time: event.time,
        endTime: event.endTime,
        allDay: event.allDay,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        dateCancelled: event.dateCancelled,
      },
    ],
    ...overrides,
  };
}
