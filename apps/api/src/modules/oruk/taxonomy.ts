import { CATEGORIES, type CategoryId } from '@locals/contracts/categories';
import type { OrukTaxonomy, OrukTaxonomyTerm } from '@locals/contracts/oruk';
import { orukId } from './ids';

/** What each of our 12 categories covers, for consumers who map them onto their own. */
const CATEGORY_DESCRIPTIONS: Record<CategoryId, string> = {
  socialcare:
    'Care and support at home and in the community: carers, befriending, day centres and help with daily living.',
  sport: 'Ways to be active: sports clubs, health walks, swimming, exercise groups and leisure.',
  health:
    'Health services: GP practices, pharmacies, dentists, walk-in and urgent care, hospices and public health.',
  accessibility:
    'Help for disabled people: advice, equipment loans, accessible services and support with access.',
  food: 'Food when money is short: food banks, community pantries, lunch clubs and free meals.',
  skillsdevelopment:
    'Learning and work: adult education, job clubs, digital skills, libraries and training.',
  volunteering: 'Ways to give time: volunteer centres and groups looking for volunteers.',
  housing: 'Somewhere to live: housing advice, homelessness support, shelters and tenancy help.',
  transport: 'Getting about: community transport, dial-a-ride and help with travel.',
  mentalhealth:
    'Mental health and wellbeing: talking therapies, counselling, peer support and crisis services.',
  neurodiversity:
    'Support for autistic people, people with ADHD or a learning disability, and their families.',
  welcomespaces:
    'Warm, free places to spend time: libraries, community centres and welcome spaces.',
};

export const CATEGORIES_TAXONOMY: OrukTaxonomy = {
  id: orukId('taxonomy', 'categories'),
  name: 'Locals categories',
  description:
    'The 12 categories Locals sorts every service into; a service may be in more than one.',
  version: '1',
};

/**
 * Where a record came from, kept with it: each of these terms is an attribute of a service whose
 * `value` is the record's data licence, its source, or how it was checked (decision 025).
 */
export const PROVENANCE_TAXONOMY: OrukTaxonomy = {
  id: orukId('taxonomy', 'provenance'),
  name: 'Locals record provenance',
  description:
    'Where a Locals record came from: the attribute value holds the licence of the data, its source, or how it was checked.',
  version: '1',
};

export const TAXONOMIES: readonly OrukTaxonomy[] = [CATEGORIES_TAXONOMY, PROVENANCE_TAXONOMY];

function term(
  taxonomy: OrukTaxonomy,
  code: string,
  name: string,
  description: string,
): OrukTaxonomyTerm {
  return {
    id: orukId('taxonomy_term', `${taxonomy.name}:${code}`),
    code,
    name,
    description,
    taxonomy: taxonomy.name,
    taxonomy_id: taxonomy.id,
    term: name,
    language: 'en',
  };
}

export const CATEGORY_TERMS: ReadonlyMap<string, OrukTaxonomyTerm> = new Map(
  CATEGORIES.map((category) => [
    category.id,
    term(CATEGORIES_TAXONOMY, category.id, category.label, CATEGORY_DESCRIPTIONS[category.id]),
  ]),
);

export const PROVENANCE_TERMS = {
  licence: term(
    PROVENANCE_TAXONOMY,
    'data_licence',
    'Data licence',
    'The licence the record is published under by its source, which applies to reuse.',
  ),
  source: term(
    PROVENANCE_TAXONOMY,
    'data_source',
    'Data source',
    'Where the record came from, and how recent the source is.',
  ),
  verification: term(
    PROVENANCE_TAXONOMY,
    'verification',
    'Verification',
    'How the record was checked before Locals published it.',
  ),
} as const;

export const TAXONOMY_TERMS: readonly OrukTaxonomyTerm[] = [
  ...CATEGORY_TERMS.values(),
  ...Object.values(PROVENANCE_TERMS),
];

/** Which services a taxonomy filter keeps, by category. */
export type CategoryFilter =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'any-category' }
  | { kind: 'category'; category: string };

/**
 * `taxonomy_term_id`, a term's UUID or its code: a category keeps its services; a provenance term
 * keeps every service (each carries all three); anything else keeps none.
 */
export function filterForTerm(value: string): CategoryFilter {
  const wanted = value.toLowerCase();
  const named = (entry: OrukTaxonomyTerm) => entry.id === wanted || entry.code === wanted;
  const category = [...CATEGORY_TERMS.values()].find(named);
  if (category) return { kind: 'category', category: category.code };
  return Object.values(PROVENANCE_TERMS).some(named) ? { kind: 'all' } : { kind: 'none' };
}

/** `taxonomy_id`: services with any term of that taxonomy. */
export function filterForTaxonomy(value: string): CategoryFilter {
  const wanted = value.toLowerCase();
  if (wanted === CATEGORIES_TAXONOMY.id) return { kind: 'any-category' };
  if (wanted === PROVENANCE_TAXONOMY.id) return { kind: 'all' };
  return { kind: 'none' };
}
