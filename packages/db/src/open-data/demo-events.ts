import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import { queryRows, type Database } from '../client';
import {
  removeEventsMissingFrom,
  upsertEvents,
  type NewEvent,
  type NewOccurrence,
} from '../events';

/**
 * Example events, so /events can be tried before any organiser's feed is loaded (decision 021).
 * They are placed at real postcodes from the open data (their coordinates are read from it,
 * never typed in), carry source 'demo', name no real organiser, and are labelled as examples
 * wherever they are shown. Their sessions are dated from today on every start, so the set
 * never goes stale; once any real event is loaded, the set is removed.
 */
export const DEMO_EVENT_SOURCE = 'demo';
const DEMO_LICENCE = 'Example data made by Locals; not a real event';
const ORGANISER = 'Locals (example event)';
const LONDON = 'Europe/London';
/** How far ahead the sessions of a repeating example go. */
const WEEKS_AHEAD = 8;
/** Fortnightly sessions fall on the weeks of this Monday, whatever day the set is refreshed. */
const FORTNIGHT_ANCHOR = Temporal.PlainDate.from('2026-01-05');

type Schedule =
  | { kind: 'weekly'; weekday: number; every?: 1 | 2 }
  | { kind: 'monthly'; weekday: number; week: 1 | 2 }
  | { kind: 'once'; inDays: number; allDay?: boolean };

type DemoEvent = {
  key: string;
  title: string;
  description: string;
  category: EventCategoryId;
  venue: string;
  area: string;
  postcode: string;
  schedule: Schedule;
  /** 'HH:mm' London time. */
  starts: string;
  ends: string;
  registrationRequired?: boolean;
  accessibility?: string[];
  tags?: string[];
};

const DEMO_EVENTS: DemoEvent[] = [
  {
    key: 'bristol-community-lunch',
    title: 'Community lunch',
    description:
      'A free hot two-course lunch and a friendly chat. Everyone is welcome; no need to book.',
    category: 'food',
    venue: 'Example community centre',
    area: 'Easton, Bristol',
    postcode: 'BS5 6XA',
    schedule: { kind: 'weekly', weekday: 2 },
    starts: '12:00',
    ends: '14:00',
    accessibility: ['Step-free access', 'Accessible toilet'],
    tags: ['Free', 'Hot meal', 'Drop-in'],
  },
  {
    key: 'bristol-pantry',
    title: 'Food pantry drop-in',
    description:
      'Choose a bag of groceries, fresh fruit and vegetables for a small weekly contribution. No referral needed.',
    category: 'food',
    venue: 'Example church hall',
    area: 'Lawrence Hill, Bristol',
    postcode: 'BS5 0HE',
    schedule: { kind: 'weekly', weekday: 4 },
    starts: '10:00',
    ends: '12:00',
    accessibility: ['Step-free access'],
    tags: ['Pantry', 'Low cost', 'Drop-in'],
  },
  {
    key: 'bristol-fruit-veg',
    title: 'Fruit and veg stall',
    description:
      'Low-cost fresh fruit and vegetables from local growers. Healthy Start cards taken.',
    category: 'food',
    venue: 'Example market square',
    area: 'Bedminster, Bristol',
    postcode: 'BS3 4AA',
    schedule: { kind: 'weekly', weekday: 6 },
    starts: '09:30',
    ends: '12:30',
    tags: ['Low cost', 'Fresh food'],
  },
  {
    key: 'bristol-cook-eat',
    title: 'Cook and eat on a budget',
    description:
      'A hands-on evening course: cook three cheap, healthy meals and take the recipes home. Places are limited.',
    category: 'training',
    venue: 'Example community kitchen',
    area: 'Central Bristol',
    postcode: 'BS1 4DJ',
    schedule: { kind: 'weekly', weekday: 3, every: 2 },
    starts: '18:00',
    ends: '20:00',
    registrationRequired: true,
    accessibility: ['Step-free access', 'Hearing loop'],
    tags: ['Cooking', 'Course'],
  },
  {
    key: 'bristol-housing-drop-in',
    title: 'Housing rights drop-in',
    description:
      'Advice on renting, repairs, eviction notices and homelessness from trained advisers. Bring any letters you have.',
    category: 'housing',
    venue: 'Example advice centre',
    area: 'Central Bristol',
    postcode: 'BS1 4DJ',
    schedule: { kind: 'weekly', weekday: 1 },
    starts: '10:00',
    ends: '13:00',
    accessibility: ['Step-free access', 'Interpreters on request'],
    tags: ['Advice', 'Renting', 'Drop-in'],
  },
  {
    key: 'bristol-walk-talk',
    title: 'Walk and talk',
    description:
      'A gentle hour-long walk in the park with time to talk. Meet at the main gate; go at your own pace.',
    category: 'wellbeing',
    venue: 'Example park main gate',
    area: 'Easton, Bristol',
    postcode: 'BS5 6XA',
    schedule: { kind: 'weekly', weekday: 5 },
    starts: '11:00',
    ends: '12:00',
    tags: ['Walking', 'Outdoors', 'Drop-in'],
  },
  {
    key: 'bristol-peer-support',
    title: 'Peer support group',
    description:
      'A safe, confidential space to share how you are feeling with others who understand. Tea and biscuits provided.',
    category: 'wellbeing',
    venue: 'Example community centre',
    area: 'Cotham, Bristol',
    postcode: 'BS6 5AA',
    schedule: { kind: 'weekly', weekday: 3 },
    starts: '18:30',
    ends: '20:00',
    accessibility: ['Step-free access', 'Quiet room'],
    tags: ['Mental health', 'Peer support'],
  },
  {
    key: 'bristol-digital-skills',
    title: 'Digital skills for beginners',
    description:
      'Learn to use email, video calls and online forms at your own pace, with a volunteer beside you. Laptops provided.',
    category: 'training',
    venue: 'Example library meeting room',
    area: 'Fishponds, Bristol',
    postcode: 'BS16 5AA',
    schedule: { kind: 'weekly', weekday: 4 },
    starts: '14:00',
    ends: '16:00',
    registrationRequired: true,
    accessibility: ['Step-free access', 'Large-print handouts'],
    tags: ['Computers', 'Course'],
  },
  {
    key: 'bristol-blood-pressure',
    title: 'Free blood pressure check',
    description:
      'Have your blood pressure checked in five minutes, with advice on what the numbers mean.',
    category: 'health',
    venue: 'Example community centre',
    area: 'Easton, Bristol',
    postcode: 'BS5 6XA',
    schedule: { kind: 'monthly', weekday: 6, week: 1 },
    starts: '10:00',
    ends: '13:00',
    tags: ['Health check', 'Drop-in'],
  },
  {
    key: 'bristol-food-festival',
    title: 'Community food festival',
    description:
      'A day of free tastings, cooking demonstrations and stalls from local food projects. Families welcome.',
    category: 'food',
    venue: 'Example park',
    area: 'Easton, Bristol',
    postcode: 'BS5 6XA',
    schedule: { kind: 'once', inDays: 17, allDay: true },
    starts: '00:00',
    ends: '00:00',
    tags: ['Free', 'Family'],
  },
  {
    key: 'kingswood-warm-space',
    title: 'Warm space and soup',
    description:
      'Somewhere warm to spend the afternoon, with free soup, hot drinks and phone charging.',
    category: 'food',
    venue: 'Example church hall',
    area: 'Kingswood, South Gloucestershire',
    postcode: 'BS15 0AB',
    schedule: { kind: 'weekly', weekday: 3 },
    starts: '12:00',
    ends: '15:00',
    accessibility: ['Step-free access'],
    tags: ['Warm space', 'Free', 'Drop-in'],
  },
  {
    key: 'yate-tenants-surgery',
    title: "Tenants' advice surgery",
    description:
      'Book a 20-minute appointment about rent arrears, repairs or your tenancy with a housing adviser.',
    category: 'housing',
    venue: 'Example council offices',
    area: 'Yate, South Gloucestershire',
    postcode: 'BS37 4AA',
    schedule: { kind: 'monthly', weekday: 2, week: 2 },
    starts: '17:00',
    ends: '19:00',
    registrationRequired: true,
    tags: ['Advice', 'Renting'],
  },
  {
    key: 'london-community-kitchen',
    title: 'Community kitchen Sunday lunch',
    description:
      'A free Sunday lunch cooked by volunteers. Vegetarian and halal options every week.',
    category: 'food',
    venue: 'Example community kitchen',
    area: 'Whitechapel, London',
    postcode: 'E1 1AA',
    schedule: { kind: 'weekly', weekday: 7 },
    starts: '13:00',
    ends: '15:00',
    accessibility: ['Step-free access'],
    tags: ['Free', 'Hot meal', 'Drop-in'],
  },
  {
    key: 'london-housing-clinic',
    title: 'Housing advice clinic',
    description:
      'Free advice from housing solicitors on homelessness, disrepair and deposits. First come, first served.',
    category: 'housing',
    venue: 'Example law centre',
    area: 'Islington, London',
    postcode: 'N1 1AA',
    schedule: { kind: 'weekly', weekday: 2 },
    starts: '10:00',
    ends: '12:00',
    tags: ['Advice', 'Legal', 'Drop-in'],
  },
  {
    key: 'london-job-club',
    title: 'Job club',
    description:
      'Help with CVs, job searches and interview practice, one to one. Bring your CV if you have one.',
    category: 'training',
    venue: 'Example library',
    area: 'Lambeth, London',
    postcode: 'SE1 7AA',
    schedule: { kind: 'weekly', weekday: 1 },
    starts: '10:00',
    ends: '12:00',
    registrationRequired: true,
    tags: ['Jobs', 'CV'],
  },
  {
    key: 'london-mindfulness',
    title: 'Mindfulness in the park',
    description:
      'A free, relaxed mindfulness session outdoors. No experience needed; mats provided.',
    category: 'wellbeing',
    venue: 'Example park bandstand',
    area: 'Brixton, London',
    postcode: 'SW9 8AA',
    schedule: { kind: 'weekly', weekday: 6 },
    starts: '10:00',
    ends: '11:00',
    tags: ['Mindfulness', 'Outdoors', 'Drop-in'],
  },
  {
    key: 'london-health-fair',
    title: 'Community health fair',
    description:
      'Health checks, vaccinations advice and stalls from local health and support services, all free.',
    category: 'health',
    venue: 'Example community hall',
    area: 'Bow, London',
    postcode: 'E3 2NW',
    schedule: { kind: 'once', inDays: 10 },
    starts: '10:00',
    ends: '15:00',
    tags: ['Health check', 'Free'],
  },
];

/**
 * Writes the example events with sessions from `now` (London's today) on, and removes any
 * example no longer in the set; removes the whole set once a real event is listed. Returns how
 * many examples are listed.
 */
export async function refreshDemoEvents(
  database: Database,
  now: Date,
  { demoContent = true }: { demoContent?: boolean } = {},
): Promise<number> {
  const [real] = await queryRows<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from events where source <> ${DEMO_EVENT_SOURCE}) as found`,
  );
  // Off (DEMO_CONTENT, production's default), or real events to show: no example at all.
  if (!demoContent || real?.found) {
    await removeEventsMissingFrom(database.db, DEMO_EVENT_SOURCE, []);
    return 0;
  }
  const places = await placesOf(DEMO_EVENTS.map((event) => event.postcode));
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(LONDON)
    .toPlainDate();
  const rows = DEMO_EVENTS.flatMap((demo): NewEvent[] => {
    const place = places.get(demo.postcode);
    // A database without the open data's postcodes (a test's) gets no example there.
    if (!place) return [];
    return [
      {
        source: DEMO_EVENT_SOURCE,
        sourceUid: demo.key,
        sourceName: 'Locals example events',
        licence: DEMO_LICENCE,
        title: demo.title,
        description: demo.description,
        category: demo.category,
        venue: demo.venue,
        address: demo.area,
        postcode: demo.postcode,
        latitude: place.latitude,
        longitude: place.longitude,
        organizerName: ORGANISER,
        registrationRequired: demo.registrationRequired ?? false,
        accessibility: demo.accessibility ?? [],
        tags: demo.tags ?? [],
        recurrence: recurrenceOf(demo.schedule),
        occurrences: sessionsOf(demo, today),
      },
    ];
  });
  await database.db.transaction(async (transaction) => {
    const ids = await upsertEvents(transaction, rows, { from: now });
    await removeEventsMissingFrom(transaction, DEMO_EVENT_SOURCE, ids);
  });
  return rows.length;

  async function placesOf(postcodes: string[]) {
    const list = sql.join(
      postcodes.map((postcode) => sql`${postcode}`),
      sql`, `,
    );
    const found = await queryRows<{ postcode: string; latitude: number; longitude: number }>(
      database.db,
      sql`select postcode, latitude, longitude from postcodes where postcode in (${list})`,
    );
    return new Map(found.map((row) => [row.postcode, row]));
  }
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ORDINALS = ['first', 'second'];

function recurrenceOf(schedule: Schedule): string | null {
  const day = WEEKDAYS[(schedule.kind === 'once' ? 1 : schedule.weekday) - 1];
  if (schedule.kind === 'weekly')
    return schedule.every === 2 ? `Every other ${day}` : `Every ${day}`;
  if (schedule.kind === 'monthly')
    return `The ${ORDINALS[schedule.week - 1]} ${day} of every month`;
  return null;
}

/** The example's sessions from today on, at its London times. */
function sessionsOf(demo: DemoEvent, today: Temporal.PlainDate): NewOccurrence[] {
  const at = (day: Temporal.PlainDate, time: string) =>
    new Date(
      day.toZonedDateTime({ timeZone: LONDON, plainTime: Temporal.PlainTime.from(time) })
        .epochMilliseconds,
    );
  const session = (day: Temporal.PlainDate): NewOccurrence => ({
    startsAt: at(day, demo.starts),
    endsAt: at(day, demo.ends),
    allDay: false,
  });
  const { schedule } = demo;
  const horizon = today.add({ weeks: WEEKS_AHEAD });
  const days: Temporal.PlainDate[] = [];
  if (schedule.kind === 'once') {
    const day = today.add({ days: schedule.inDays });
    if (schedule.allDay) {
      return [
        { startsAt: at(day, '00:00'), endsAt: at(day.add({ days: 1 }), '00:00'), allDay: true },
      ];
    }
    return [session(day)];
  }
  for (let day = today; Temporal.PlainDate.compare(day, horizon) < 0; day = day.add({ days: 1 })) {
    if (day.dayOfWeek !== schedule.weekday) continue;
    if (schedule.kind === 'weekly') {
      const weeks = Math.floor(FORTNIGHT_ANCHOR.until(day).days / 7);
      if ((schedule.every ?? 1) === 1 || weeks % 2 === 0) days.push(day);
    } else if (Math.ceil(day.day / 7) === schedule.week) {
      days.push(day);
    }
  }
  return days.map(session);
}
