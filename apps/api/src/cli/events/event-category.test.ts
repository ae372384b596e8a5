import { describe, expect, it } from 'vitest';
import { categoryFromWords } from './event-category';

describe('categoryFromWords', () => {
  it.each([
    [['Food bank'], 'food'],
    [['FOODBANK'], 'food'],
    [['Mental health'], 'wellbeing'],
    [['Well-being'], 'wellbeing'],
    [['Health'], 'health'],
    [['Community', 'Housing advice'], 'housing'],
    [['Digital skills', 'Food'], 'training'],
    [['Knitting'], null],
    [['Healthy eating'], null],
    [[], null],
  ])('reads %j as %s', (words, category) => {
    expect(categoryFromWords(words)).toBe(category);
  });
});
