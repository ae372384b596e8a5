/**
 * The need suite (decision 027): what people type on a bad day, where they are, and which national
 * lines a person should be offered, judged over the real helplines data. Scored by
 * `npm run bench:relevance` (figures in docs/benchmarks.md) and held to a floor by
 * open-data.smoke.test.ts.
 *
 * `crisis`: the words signal a risk to life, so 999 and the crisis lines must come first.
 * `offered`: lines that must be offered (in the crisis panel or the list).
 * `first`: the line that must lead the list (the best fit), when one clearly should.
 * Lines that do not serve the postcode's nation must never be offered (checked for every query).
 */
export type NeedQuery = {
  keyword: string;
  postcode: string;
  crisis: boolean;
  offered: string[];
  first?: string;
};

const BRISTOL = 'BS1 4DJ';
const EAST_LONDON = 'E1 6AN';
const MANCHESTER = 'M1 1AE';
const EDINBURGH = 'EH1 1YZ';

export const NEED_QUERIES: NeedQuery[] = [
  // Risk to life: the crisis panel, whatever else is near
  { keyword: 'suicide', postcode: BRISTOL, crisis: true, offered: ['samaritans', 'shout-85258'] },
  { keyword: 'suicidal thoughts', postcode: EAST_LONDON, crisis: true, offered: ['samaritans'] },
  {
    keyword: 'i want to die',
    postcode: BRISTOL,
    crisis: true,
    offered: ['samaritans', 'papyrus-hopelineuk'],
  },
  { keyword: 'kill myself', postcode: EAST_LONDON, crisis: true, offered: ['samaritans'] },
  { keyword: 'self harm', postcode: BRISTOL, crisis: true, offered: ['samaritans', 'shout-85258'] },
  { keyword: 'self-harm', postcode: EAST_LONDON, crisis: true, offered: ['samaritans'] },
  { keyword: 'overdose', postcode: BRISTOL, crisis: true, offered: ['nhs-111-mental-health'] },
  { keyword: 'sucide', postcode: EAST_LONDON, crisis: true, offered: ['samaritans'] },
  { keyword: 'being abused', postcode: BRISTOL, crisis: true, offered: ['samaritans'] },
  { keyword: 'suicide', postcode: MANCHESTER, crisis: true, offered: ['samaritans'] },
  { keyword: 'suicide', postcode: EDINBURGH, crisis: true, offered: ['samaritans', 'shout-85258'] },
  // Abuse
  {
    keyword: 'domestic abuse',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['national-domestic-abuse-helpline'],
    first: 'national-domestic-abuse-helpline',
  },
  {
    keyword: 'domestic violence',
    postcode: BRISTOL,
    crisis: false,
    offered: ['national-domestic-abuse-helpline'],
    first: 'national-domestic-abuse-helpline',
  },
  {
    keyword: 'abusive partner',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['national-domestic-abuse-helpline'],
  },
  {
    keyword: 'lgbt domestic abuse',
    postcode: BRISTOL,
    crisis: false,
    offered: ['galop-helpline'],
    first: 'galop-helpline',
  },
  {
    keyword: 'domestic abuse',
    postcode: MANCHESTER,
    crisis: false,
    offered: ['national-domestic-abuse-helpline'],
    first: 'national-domestic-abuse-helpline',
  },
  { keyword: 'domestic abuse', postcode: EDINBURGH, crisis: false, offered: [] },
  // Money
  {
    keyword: 'debt',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['stepchange', 'citizens-advice-adviceline'],
    first: 'stepchange',
  },
  { keyword: 'debt advice', postcode: BRISTOL, crisis: false, offered: ['stepchange'] },
  { keyword: 'bailiffs', postcode: EAST_LONDON, crisis: false, offered: ['stepchange'] },
  {
    keyword: 'benefits',
    postcode: BRISTOL,
    crisis: false,
    offered: ['citizens-advice-adviceline'],
  },
  {
    keyword: 'universal credit',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['citizens-advice-adviceline'],
  },
  { keyword: 'pip', postcode: BRISTOL, crisis: false, offered: ['scope-helpline'] },
  {
    keyword: 'cost of living',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['trussell-help-through-hardship'],
  },
  {
    keyword: 'debt',
    postcode: MANCHESTER,
    crisis: false,
    offered: ['stepchange'],
    first: 'stepchange',
  },
  // No England-only debt line in Scotland: Samaritans, for anyone struggling
  { keyword: 'debt', postcode: EDINBURGH, crisis: false, offered: ['samaritans'] },
  // Food
  {
    keyword: 'food bank',
    postcode: MANCHESTER,
    crisis: false,
    offered: ['trussell-help-through-hardship'],
    first: 'trussell-help-through-hardship',
  },
  {
    keyword: 'cannot afford food',
    postcode: BRISTOL,
    crisis: false,
    offered: ['trussell-help-through-hardship'],
  },
  { keyword: 'food bank', postcode: EDINBURGH, crisis: false, offered: [] },
  // Housing
  { keyword: 'homeless', postcode: EAST_LONDON, crisis: false, offered: ['streetlink'] },
  { keyword: 'sleeping rough', postcode: BRISTOL, crisis: false, offered: ['streetlink'] },
  {
    keyword: 'eviction',
    postcode: BRISTOL,
    crisis: false,
    offered: ['citizens-advice-adviceline'],
  },
  // Feelings, health and family
  { keyword: 'depression', postcode: EAST_LONDON, crisis: false, offered: ['samaritans'] },
  { keyword: 'lonely', postcode: BRISTOL, crisis: false, offered: ['samaritans'] },
  { keyword: 'someone to talk to', postcode: EAST_LONDON, crisis: false, offered: ['samaritans'] },
  { keyword: 'mental health', postcode: EDINBURGH, crisis: false, offered: ['calm-helpline'] },
  { keyword: 'cancer', postcode: BRISTOL, crisis: false, offered: ['macmillan-support-line'] },
  { keyword: 'cancer', postcode: EDINBURGH, crisis: false, offered: ['macmillan-support-line'] },
  {
    keyword: 'worried about a child',
    postcode: BRISTOL,
    crisis: false,
    offered: ['nspcc-helpline'],
  },
  { keyword: 'bullying', postcode: EAST_LONDON, crisis: false, offered: ['childline'] },
  {
    keyword: 'learning disability',
    postcode: EAST_LONDON,
    crisis: false,
    offered: ['mencap-learning-disability-helpline'],
  },
];
