/** The 12 fixed categories, in the order the home page shows them. */
export const CATEGORIES = [
  { id: 'socialcare', label: 'Social Care' },
  { id: 'sport', label: 'Physical activity' },
  { id: 'health', label: 'Health' },
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'food', label: 'Food' },
  { id: 'skillsdevelopment', label: 'Skills development' },
  { id: 'volunteering', label: 'Volunteering' },
  { id: 'housing', label: 'Housing' },
  { id: 'transport', label: 'Transport' },
  { id: 'mentalhealth', label: 'Mental Health' },
  { id: 'neurodiversity', label: 'Neurodiversity' },
  { id: 'welcomespaces', label: 'Welcome Spaces' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryId = Category['id'];

export function categoryLabel(id: string): string | undefined {
  return CATEGORIES.find((category) => category.id === id)?.label;
}
