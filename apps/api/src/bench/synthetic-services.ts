import { CATEGORIES, type CategoryId } from '@locals/contracts/categories';

/** A seeded PRNG (mulberry32): the same N services on every machine and every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type District = {
  outcode: string;
  latitude: number;
  longitude: number;
  ladName: string | null;
  weight: number;
};

const KINDS: Record<CategoryId, string[]> = {
  socialcare: ['Carers Centre', 'Befriending Service', 'Home Support'],
  sport: ['Health Walks', 'Community Sports Club', 'Swimming Club'],
  health: ['Pharmacy', 'GP Surgery', 'Health Centre', 'Dental Practice'],
  accessibility: ['Disability Advice', 'Mobility Equipment Loan'],
  food: ['Food Bank', 'Community Pantry', 'Lunch Club'],
  skillsdevelopment: ['Adult Learning Centre', 'Job Club', 'Digital Skills Cafe'],
  volunteering: ['Volunteer Centre', 'Community Volunteers'],
  housing: ['Housing Advice', 'Night Shelter', 'Tenancy Support'],
  transport: ['Community Transport', 'Dial-a-Ride'],
  mentalhealth: ['Wellbeing Peer Group', 'Talking Therapies', 'Counselling Service'],
  neurodiversity: ['Autism Family Support', 'ADHD Adults Group'],
  welcomespaces: ['Public Library', 'Warm Space', 'Community Centre'],
};
const PLACES = [
  'Oakfield',
  'Riverside',
  'Hillview',
  'Northgate',
  'Southmead',
  'Westbury',
  'Eastville',
  'Kingsway',
  'Meadow',
  'Harbour',
  'Station Road',
  'Market',
  'Parkside',
  'Brookside',
  'Church Lane',
  'Victoria',
];
const CATEGORY_IDS = CATEGORIES.map((category) => category.id);
const OFFSET_METRES = 3000;

export type SyntheticService = {
  id: string;
  name: string;
  description: string;
  serviceTypes: string[];
  categories: string[];
  verified: boolean;
  outcode: string;
  ladName: string | null;
  latitude: number;
  longitude: number;
  rating: number | null;
  ageMin: number | null;
  ageMax: number | null;
  searchDocument: string;
};

/** Services placed within ~3 km of real district centroids, more where more postcodes are. */
export function* syntheticServices(
  count: number,
  districts: District[],
  seed = 20250101,
): Generator<SyntheticService> {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const cumulative: number[] = [];
  let total = 0;
  for (const district of districts) cumulative.push((total += district.weight));
  const pickDistrict = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return districts[low]!;
  };

  for (let index = 0; index < count; index += 1) {
    const district = pickDistrict();
    const distance = OFFSET_METRES * Math.sqrt(random());
    const bearing = 2 * Math.PI * random();
    const latitude = district.latitude + (distance * Math.cos(bearing)) / 111_320;
    const longitude =
      district.longitude +
      (distance * Math.sin(bearing)) / (111_320 * Math.cos((district.latitude * Math.PI) / 180));
    const category = pick(CATEGORY_IDS);
    const second = random() < 0.2 ? pick(CATEGORY_IDS) : category;
    const kind = pick(KINDS[category]);
    const name = `${pick(PLACES)} ${kind}`;
    const description = `${kind} in ${district.ladName ?? district.outcode}, open to local people.`;
    const hasAges = random() < 0.3;
    const ageMin = hasAges ? Math.floor(random() * 30) : null;
    yield {
      id: `bench:${index}`,
      name,
      description,
      serviceTypes: [kind],
      categories: [...new Set([category, second])],
      verified: random() < 0.8,
      outcode: district.outcode,
      ladName: district.ladName,
      latitude,
      longitude,
      rating: random() < 0.5 ? null : Math.round((1 + random() * 4) * 10) / 10,
      ageMin,
      ageMax: hasAges ? (ageMin ?? 0) + 10 + Math.floor(random() * 60) : null,
      searchDocument: `${description} ${kind} ${CATEGORIES.find((entry) => entry.id === category)?.label ?? ''}`,
    };
  }
}
