import type { CategoryId } from '@locals/contracts/categories';

/**
 * The everyday words people type for the services Locals lists (issue 10, decision 011).
 *
 * Reviewed by hand; change it in a pull request, with a query in relevance-queries.ts that shows
 * why. Each concept is one idea a person may name in several ways:
 * - `phrases`: what people type, lower case. A keyword phrase found here (longest first) stands
 *   for the whole concept: a service matching ANY of the phrases matches it. Phrases are stemmed
 *   like the services' text, so 'food parcels' also finds 'food parcel'.
 * - `category`: the category the words name; its services rank first.
 * - `serviceTypes`: the service types that are exactly this (ranked before the rest of the
 *   category): 'doctor' names GP practices, not every health service with 'surgery' in its name.
 *   A service of one of these types matches the concept too, so 'counselling' finds the NHS
 *   mental health services even where no listing says 'counselling'.
 *
 * Keep phrases specific: a phrase that is also an ordinary word in descriptions ('help', 'care')
 * would match nearly everything.
 */
export type ThesaurusConcept = {
  id: string;
  phrases: readonly string[];
  category: CategoryId;
  serviceTypes: readonly string[];
};

export const THESAURUS: readonly ThesaurusConcept[] = [
  {
    id: 'food-bank',
    phrases: [
      'food bank',
      'food banks',
      'foodbank',
      'foodbanks',
      'food parcel',
      'food parcels',
      'emergency food',
      'free food',
      'food aid',
      'pantry',
      'community pantry',
      'food larder',
      'hungry',
      'trussell',
    ],
    category: 'food',
    serviceTypes: ['Food bank', 'Emergency food', 'Community pantry'],
  },
  {
    id: 'gp',
    phrases: [
      'gp',
      'gps',
      'doctor',
      'doctors',
      'family doctor',
      'gp surgery',
      'gp practice',
      'doctors surgery',
      'surgery',
      'medical centre',
      'health centre',
      'register with a gp',
    ],
    category: 'health',
    serviceTypes: ['GP practice'],
  },
  {
    id: 'pharmacy',
    phrases: [
      'pharmacy',
      'pharmacies',
      'chemist',
      'chemists',
      'pharmacist',
      'prescription',
      'prescriptions',
      'medicines',
    ],
    category: 'health',
    serviceTypes: ['Pharmacy'],
  },
  {
    id: 'dentist',
    phrases: [
      'dentist',
      'dentists',
      'dental',
      'dental practice',
      'nhs dentist',
      'teeth',
      'toothache',
    ],
    category: 'health',
    serviceTypes: ['Dentist', 'Dental practice', 'NHS dental practice'],
  },
  {
    id: 'urgent-care',
    phrases: [
      'urgent care',
      'walk in',
      'walk-in',
      'walk in centre',
      'walk-in centre',
      'minor injuries',
      'minor injury',
      'out of hours',
      'out-of-hours',
      'a&e',
      'a and e',
      'accident and emergency',
      'urgent treatment centre',
    ],
    category: 'health',
    serviceTypes: ['Urgent care', 'Walk-in centre', 'Out-of-hours care'],
  },
  {
    id: 'hospice',
    phrases: ['hospice', 'end of life', 'end-of-life', 'palliative', 'palliative care'],
    category: 'health',
    serviceTypes: ['Hospice', 'End of life care'],
  },
  {
    id: 'mental-health',
    phrases: [
      'mental health',
      'mental illness',
      'mental wellbeing',
      'psychiatric',
      'psychiatrist',
      'cmht',
      'depression',
      'anxiety',
      'perinatal',
      'postnatal depression',
    ],
    category: 'mentalhealth',
    serviceTypes: ['Mental health service', 'Perinatal mental health service'],
  },
  {
    id: 'counselling',
    phrases: [
      'counselling',
      'counseling',
      'counsellor',
      'counsellors',
      'therapy',
      'therapist',
      'talking therapy',
      'talking therapies',
      'iapt',
      'someone to talk to',
    ],
    category: 'mentalhealth',
    serviceTypes: ['Counselling', 'Talking therapies', 'Mental health service'],
  },
  {
    id: 'drugs-alcohol',
    phrases: [
      'drug',
      'drugs',
      'alcohol',
      'addiction',
      'substance misuse',
      'drink problem',
      'drinking',
      'rehab',
      'recovery service',
    ],
    category: 'health',
    serviceTypes: ['Drug and alcohol service', 'Addiction support'],
  },
  {
    id: 'adhd',
    phrases: ['adhd', 'attention deficit'],
    category: 'neurodiversity',
    serviceTypes: ['ADHD service', 'ADHD support group'],
  },
  {
    id: 'autism',
    phrases: ['autism', 'autistic', 'asd', 'asperger', 'aspergers'],
    category: 'neurodiversity',
    serviceTypes: ['Autism service', 'Autism support'],
  },
  {
    id: 'learning-disability',
    phrases: [
      'learning disability',
      'learning disabilities',
      'learning difficulty',
      'learning difficulties',
    ],
    category: 'neurodiversity',
    serviceTypes: ['Learning disability service'],
  },
  {
    id: 'warm-space',
    phrases: [
      'warm space',
      'warm spaces',
      'warm hub',
      'warm hubs',
      'warm bank',
      'warm banks',
      'warm welcome',
      'welcome space',
      'welcome spaces',
      'somewhere warm',
    ],
    category: 'welcomespaces',
    serviceTypes: ['Welcome space', 'Warm space'],
  },
  {
    id: 'library',
    phrases: ['library', 'libraries', 'books', 'free wifi', 'free internet', 'computer access'],
    category: 'welcomespaces',
    serviceTypes: ['Public library'],
  },
  {
    id: 'housing',
    phrases: [
      'housing',
      'housing advice',
      'housing help',
      'eviction',
      'evicted',
      'landlord',
      'rent arrears',
      'somewhere to live',
    ],
    category: 'housing',
    serviceTypes: ['Housing advice'],
  },
  {
    id: 'homelessness',
    phrases: [
      'homeless',
      'homelessness',
      'rough sleeping',
      'sleeping rough',
      'night shelter',
      'shelter',
      'somewhere to stay',
      'somewhere to sleep',
    ],
    category: 'housing',
    serviceTypes: ['Homelessness support'],
  },
  {
    id: 'carers',
    phrases: [
      'carer',
      'carers',
      'caring for someone',
      'befriending',
      'lonely',
      'loneliness',
      'isolated',
    ],
    category: 'socialcare',
    serviceTypes: ['Carers support', 'Befriending'],
  },
  {
    id: 'debt-advice',
    phrases: [
      'debt',
      'debts',
      'debt advice',
      'debt help',
      'money advice',
      'benefits advice',
      'benefits',
      'cost of living',
    ],
    category: 'socialcare',
    serviceTypes: ['Debt advice', 'Money advice'],
  },
  {
    id: 'exercise',
    phrases: [
      'exercise',
      'fitness',
      'gym',
      'sport',
      'sports',
      'walking group',
      'health walks',
      'swimming',
      'keep fit',
    ],
    category: 'sport',
    serviceTypes: ['Walking group', 'Community sport'],
  },
  {
    id: 'volunteering',
    phrases: ['volunteer', 'volunteers', 'volunteering', 'volunteer centre'],
    category: 'volunteering',
    serviceTypes: ['Volunteer centre'],
  },
  {
    id: 'community-transport',
    phrases: ['community transport', 'dial a ride', 'dial-a-ride', 'transport', 'lift to hospital'],
    category: 'transport',
    serviceTypes: ['Community transport', 'Dial-a-ride'],
  },
  {
    id: 'disability',
    phrases: [
      'disability',
      'disabled',
      'wheelchair',
      'mobility aids',
      'mobility equipment',
      'blue badge',
    ],
    category: 'accessibility',
    serviceTypes: ['Disability advice', 'Equipment loan'],
  },
  {
    id: 'skills',
    phrases: [
      'skills',
      'training',
      'courses',
      'learn english',
      'esol',
      'job club',
      'homework club',
      'digital skills',
    ],
    category: 'skillsdevelopment',
    serviceTypes: ['Skills training'],
  },
];
