import { sql } from 'drizzle-orm';
import { categoryLabel, type CategoryId } from '@locals/contracts/categories';
import { queryRows, type Database } from '../client';
import type { NewService } from './service-records';

/**
 * Categories with no real open record yet (housing advice, carers' support, ...) get clearly marked
 * demo listings so every part of the product can be tried. They are placed at real postcodes,
 * are never verified, carry source 'demo' and say so in their name and description (decision 003).
 */
// `slot` is each kind's place in the original list, when food, mental health and neurodiversity
// had demo listings too: it keeps the others at the postcodes they have always had.
const DEMO_KINDS: {
  category: CategoryId;
  slot: number;
  types: string[];
  names: string[];
  serving: string[];
}[] = [
  {
    category: 'housing',
    slot: 1,
    types: ['Housing advice', 'Homelessness support'],
    names: ['Housing Advice Drop-in', 'Night Shelter'],
    serving: ['Adults', 'Young people'],
  },
  {
    category: 'socialcare',
    slot: 3,
    types: ['Carers support', 'Befriending'],
    names: ['Carers Centre', 'Befriending Service'],
    serving: ['Carers', 'Older people'],
  },
  {
    category: 'sport',
    slot: 4,
    types: ['Walking group', 'Community sport'],
    names: ['Health Walks', 'Community Sports Club'],
    serving: ['Everyone'],
  },
  {
    category: 'accessibility',
    slot: 5,
    types: ['Disability advice', 'Equipment loan'],
    names: ['Disability Advice Service', 'Mobility Equipment Loan'],
    serving: ['Disabled people', 'Carers'],
  },
  {
    category: 'volunteering',
    slot: 6,
    types: ['Volunteer centre'],
    names: ['Volunteer Centre', 'Community Volunteers'],
    serving: ['Everyone'],
  },
  {
    category: 'transport',
    slot: 7,
    types: ['Community transport', 'Dial-a-ride'],
    names: ['Community Transport', 'Dial-a-Ride'],
    serving: ['Older people', 'Disabled people'],
  },
];

/** Outward codes the demo listings are spread over: central Bristol and central London. */
const DEMO_AREAS = [
  'BS1',
  'BS2',
  'BS3',
  'BS5',
  'BS6',
  'BS7',
  'BS8',
  'E1',
  'N1',
  'SE1',
  'SW9',
  'W2',
];
const PER_AREA_PER_KIND = 2;
export const DEMO_IMAGES = ['/demo/photo-1.svg', '/demo/photo-2.svg', '/demo/photo-3.svg'];

interface PostcodePoint {
  postcode: string;
  outcode: string;
  latitude: number;
  longitude: number;
  lad_code: string | null;
  lad_name: string | null;
}

export async function buildDemoServices(database: Database): Promise<NewService[]> {
  // Deterministic: the same postcodes are chosen on every machine (every 37th live postcode).
  const points = await queryRows<PostcodePoint & Record<string, unknown>>(
    database.db,
    sql`select p.postcode, p.outcode, p.latitude, p.longitude, p.lad_code, d.lad_name
        from (select *, row_number() over (partition by outcode order by postcode) as n from postcodes
              where outcode = any(${sql.param(DEMO_AREAS)}::text[])) p
        left join postcode_districts d on d.outcode = p.outcode
        where p.n % 37 = 0
        order by p.outcode, p.postcode`,
  );
  const byArea = new Map<string, PostcodePoint[]>();
  for (const point of points)
    byArea.set(point.outcode, [...(byArea.get(point.outcode) ?? []), point]);

  const demos: NewService[] = [];
  for (const kind of DEMO_KINDS) {
    for (const [areaIndex, area] of DEMO_AREAS.entries()) {
      const candidates = byArea.get(area) ?? [];
      for (let n = 0; n < PER_AREA_PER_KIND; n += 1) {
        const point =
          candidates[(kind.slot * 7 + n * 3 + areaIndex) % Math.max(candidates.length, 1)];
        if (!point) continue;
        const type = kind.types[n % kind.types.length]!;
        const name = `${area} ${kind.names[n % kind.names.length]} (demo)`;
        const label = categoryLabel(kind.category) ?? kind.category;
        // "An example housing advice listing": types are count and mass nouns alike, so no "a".
        const description = `Demo listing: an example ${type.toLowerCase()} listing, to show how ${label} services appear. It is not a real service; do not visit or call.`;
        demos.push({
          id: `demo:${kind.category}-${area.toLowerCase()}-${n + 1}`,
          name,
          nameOriginal: name,
          provider: 'Locals demo data',
          description,
          fullDescription: `${description} Real ${label.toLowerCase()} listings will replace it as organisations join.`,
          mainServices: [type],
          otherServices: [],
          facilities: [],
          serving: kind.serving,
          serviceTypes: [type],
          categories: [kind.category],
          status: 'open',
          statusDetails: 'Demo listing',
          verified: false,
          verificationStatus: 'Not verified: demo listing',
          openingHours: null,
          images: n === 0 ? DEMO_IMAGES : [],
          ageMin: null,
          ageMax: null,
          website: null,
          phones: [],
          email: null,
          address: `Near ${point.postcode}`,
          addressOriginal: null,
          postcode: point.postcode,
          outcode: point.outcode,
          ladCode: point.lad_code,
          ladName: point.lad_name,
          latitude: point.latitude,
          longitude: point.longitude,
          source: 'demo',
          sourceRecordId: null,
          sourceName: 'Locals demo data',
          licence: 'Demo data, not a real service',
          sourceUpdated: null,
          // What it is, never where: place words must not make a keyword match (decision 011).
          searchDocument: [description, type, label].join(' '),
        });
      }
    }
  }
  return demos;
}
