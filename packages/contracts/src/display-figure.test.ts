import { describe, expect, it } from 'vitest';
import { displayFigure } from './display-figure';

describe('displayFigure', () => {
  it.each([
    [5234, 100, '5,200+'],
    [100, 100, '100+'],
    [3544, 50, '3,500+'],
    [57, 5, '57+'],
    [35, 5, '35+'],
    [99, 100, null],
    [0, 1, null],
  ])('%i with minimum %i -> %j (never more than the true count)', (count, minimum, expected) => {
    expect(displayFigure(count, minimum)).toBe(expected);
  });
});
