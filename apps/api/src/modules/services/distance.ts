export const METRES_PER_MILE = 1609.344;

/** "0.4 miles", one decimal; anything that would round to 0.0 reads "Less than 0.1 miles". */
export function describeMiles(miles: number): string {
  if (miles < 0.05) return 'Less than 0.1 miles';
  return `${miles.toFixed(1)} miles`;
}
