/**
 * The relevance suite (decision 011): what people type, where they are, and what a person would
 * expect near the top, judged by service type over the real open data. Scored by
 * `npm run bench:relevance` (figures in docs/benchmarks.md) and held to a floor by
 * open-data.smoke.test.ts.
 *
 * `relevant`: the service types that answer the query; a result of any of them counts.
 * An empty list means Locals has nothing real for this near there: the right answer is no
 * results (and the category's helplines), and any result counts against it.
 */
export type RelevanceQuery = {
  keyword: string;
  /** Omitted when the keyword itself names the place. */
  postcode?: string;
  distance?: number;
  relevant: string[];
};

const FOOD_BANK = ['Food bank'];
const GP = ['GP practice'];
const PHARMACY = ['Pharmacy'];
const DENTIST = ['Dentist'];
const LIBRARY = ['Public library'];
const MENTAL_HEALTH = [
  'Mental health service',
  'Perinatal mental health service',
  'NHS Talking Therapies',
];
const TALKING_THERAPIES = ['NHS Talking Therapies'];
const SEXUAL_HEALTH = ['Sexual health clinic'];
const DRUGS = ['Drug and alcohol service'];
const URGENT = ['Urgent care', 'Walk-in centre', 'Out-of-hours care'];
const HOSPICE = ['Hospice'];

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Food
  { keyword: 'food bank', postcode: 'E1 6AN', relevant: FOOD_BANK },
  { keyword: 'foodbank', postcode: 'SE1 7PB', relevant: FOOD_BANK },
  { keyword: 'food parcels', postcode: 'N1 9GU', relevant: FOOD_BANK },
  { keyword: 'emergency food', postcode: 'BS1 4DJ', relevant: FOOD_BANK },
  { keyword: 'free food', postcode: 'SW9 8HE', relevant: FOOD_BANK },
  { keyword: 'food bank near me', postcode: 'E15 1DA', relevant: FOOD_BANK },
  { keyword: 'trussell trust', postcode: 'W2 1JB', relevant: FOOD_BANK },
  { keyword: 'fodbank', postcode: 'NW1 2DB', relevant: FOOD_BANK },
  { keyword: 'food bank hackney', relevant: FOOD_BANK },
  // GPs
  { keyword: 'gp', postcode: 'BS1 4DJ', relevant: GP },
  { keyword: 'doctor', postcode: 'SW1A 1AA', relevant: GP },
  { keyword: 'doctors surgery', postcode: 'E8 1EA', relevant: GP },
  { keyword: 'register with a gp', postcode: 'SE15 5DQ', relevant: GP },
  { keyword: 'family doctor', postcode: 'N7 6JP', relevant: GP },
  { keyword: 'medical centre', postcode: 'BS5 0HE', relevant: GP },
  // Pharmacies
  { keyword: 'pharmacy', postcode: 'E1 6AN', relevant: PHARMACY },
  { keyword: 'chemist', postcode: 'BS1 4DJ', relevant: PHARMACY },
  { keyword: 'pharmasy', postcode: 'SW1A 1AA', relevant: PHARMACY },
  { keyword: 'prescriptions', postcode: 'W2 1JB', relevant: PHARMACY },
  { keyword: 'chemists', postcode: 'N1 9GU', relevant: PHARMACY },
  { keyword: 'pharmacist', postcode: 'E8 1EA', relevant: PHARMACY },
  { keyword: 'pharmacy camden', relevant: PHARMACY },
  // Dentists
  { keyword: 'dentist', postcode: 'BS1 4DJ', relevant: DENTIST },
  { keyword: 'nhs dentist', postcode: 'E1 6AN', relevant: DENTIST },
  { keyword: 'toothache', postcode: 'NW1 2DB', relevant: DENTIST },
  { keyword: 'dentst', postcode: 'SE1 7PB', relevant: DENTIST },
  // Libraries and warm spaces
  { keyword: 'library', postcode: 'BS1 4DJ', relevant: LIBRARY },
  { keyword: 'warm space', postcode: 'E1 6AN', relevant: LIBRARY },
  { keyword: 'somewhere warm', postcode: 'SE1 7PB', relevant: LIBRARY },
  { keyword: 'free wifi', postcode: 'N1 9GU', relevant: LIBRARY },
  { keyword: 'books', postcode: 'BS16 1QY', relevant: LIBRARY },
  // Mental health
  { keyword: 'mental health', postcode: 'W2 1JB', distance: 10, relevant: MENTAL_HEALTH },
  { keyword: 'perinatal', postcode: 'SW1A 1AA', distance: 10, relevant: MENTAL_HEALTH },
  { keyword: 'postnatal depression', postcode: 'W2 1JB', distance: 10, relevant: MENTAL_HEALTH },
  { keyword: 'counselling', postcode: 'W2 1JB', distance: 10, relevant: MENTAL_HEALTH },
  // Oasis-Talk Bristol, NHS Talking Therapies (decision 032): before it, Locals had none here.
  { keyword: 'counselling', postcode: 'BS1 4DJ', relevant: MENTAL_HEALTH },
  // NHS clinics (decision 032): the service by its name, old and new, and the words for it
  { keyword: 'talking therapies', postcode: 'E1 6AN', relevant: TALKING_THERAPIES },
  { keyword: 'iapt', postcode: 'SE1 7PB', relevant: TALKING_THERAPIES },
  { keyword: 'cbt', postcode: 'N7 6JP', relevant: TALKING_THERAPIES },
  { keyword: 'sexual health', postcode: 'E1 6AN', relevant: SEXUAL_HEALTH },
  { keyword: 'sti test', postcode: 'SE1 7PB', distance: 10, relevant: SEXUAL_HEALTH },
  { keyword: 'contraception', postcode: 'W2 1JB', distance: 10, relevant: SEXUAL_HEALTH },
  // Neurodiversity
  { keyword: 'adhd', postcode: 'E1 6AN', distance: 10, relevant: ['ADHD service'] },
  {
    keyword: 'learning disability',
    postcode: 'NW1 2DB',
    distance: 10,
    relevant: ['Learning disability service'],
  },
  // Drugs and alcohol
  { keyword: 'drug and alcohol', postcode: 'NW1 2DB', relevant: DRUGS },
  { keyword: 'alcohol', postcode: 'SW1A 1AA', relevant: DRUGS },
  { keyword: 'addiction', postcode: 'N7 6JP', relevant: DRUGS },
  { keyword: 'drug and alcohol service', postcode: 'E1 6AN', relevant: DRUGS },
  // Urgent care and hospices
  { keyword: 'walk in centre', postcode: 'SW1A 1AA', relevant: URGENT },
  { keyword: 'urgent care', postcode: 'BS1 4DJ', distance: 10, relevant: URGENT },
  { keyword: 'minor injuries', postcode: 'E1 6AN', relevant: URGENT },
  { keyword: 'hospice', postcode: 'BS1 4DJ', distance: 10, relevant: HOSPICE },
  { keyword: 'end of life care', postcode: 'E8 1EA', relevant: HOSPICE },
  // Harder everyday phrasings, kept whatever they score
  { keyword: 'help with food', postcode: 'BS1 4DJ', relevant: FOOD_BANK },
  { keyword: 'a&e', postcode: 'SE1 7PB', relevant: URGENT },
  { keyword: 'out of hours doctor', postcode: 'E1 6AN', relevant: URGENT },
  { keyword: 'teeth', postcode: 'BS16 1QY', relevant: DENTIST },
  { keyword: 'wifi', postcode: 'E8 1EA', relevant: LIBRARY },
  { keyword: 'rehab', postcode: 'NW1 2DB', relevant: DRUGS },
  // Nothing real near: the right answer is none (and the helplines), never a pharmacy
  { keyword: 'opticians', postcode: 'W2 1JB', relevant: [] },
  { keyword: 'housing advice', postcode: 'E1 6AN', relevant: [] },
  { keyword: 'eviction', postcode: 'SW9 8HE', relevant: [] },
  { keyword: 'homeless', postcode: 'BS1 4DJ', relevant: [] },
  { keyword: 'sexual health clinic', postcode: 'BS1 4DJ', distance: 10, relevant: [] },
  { keyword: 'debt advice', postcode: 'SE1 7PB', relevant: [] },
];
