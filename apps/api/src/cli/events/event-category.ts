import { EVENT_CATEGORIES, type EventCategoryId } from '@locals/contracts/event-categories';

/**
 * Words publishers use for our five event categories. A whole CATEGORIES entry must match
 * ("Mental health" is wellbeing, not health); case, hyphens and '&' do not matter.
 */
const SYNONYMS: Record<EventCategoryId, string[]> = {
  housing: ['homelessness', 'homeless', 'tenancy', 'tenants', 'renting', 'housing advice'],
  food: [
    'food bank',
    'foodbank',
    'food banks',
    'food pantry',
    'community pantry',
    'pantry',
    'community fridge',
    'community meal',
    'lunch club',
    'soup kitchen',
    'free food',
  ],
  wellbeing: [
    'well being',
    'mental health',
    'mindfulness',
    'peer support',
    'support group',
    'befriending',
    'loneliness',
    'physical activity',
    'exercise',
    'fitness',
    'sport',
    'yoga',
    'walking',
  ],
  training: [
    'skills',
    'digital skills',
    'course',
    'courses',
    'class',
    'classes',
    'workshop',
    'employment',
    'job club',
    'jobs',
    'education',
    'learning',
  ],
  health: ['nhs', 'clinic', 'health check', 'vaccination', 'vaccine', 'screening', 'sexual health'],
};

const CATEGORY_OF = new Map(
  EVENT_CATEGORIES.flatMap(({ id }) => [id, ...SYNONYMS[id]].map((word) => [word, id] as const)),
);

const normalise = (word: string) =>
  word
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The first of the event's categories we know, in the order the feed lists them. */
export function categoryFromWords(words: readonly string[]): EventCategoryId | null {
  for (const word of words) {
    const category = CATEGORY_OF.get(normalise(word));
    if (category) return category;
  }
  return null;
}

export function isEventCategory(value: string): value is EventCategoryId {
  return EVENT_CATEGORIES.some(({ id }) => id === value);
}
