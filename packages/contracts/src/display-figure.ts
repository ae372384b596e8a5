/**
 * A figure worth printing as "N+": rounded down so it is never an overstatement, or null
 * while the true count is below `minimum` (we never print a number that is not true, and
 * "Join 3+ members" helps nobody).
 */
export function displayFigure(count: number, minimum: number): string | null {
  if (count < minimum) return null;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  const rounded = Math.floor(count / magnitude) * magnitude;
  return `${rounded.toLocaleString('en-GB')}+`;
}
