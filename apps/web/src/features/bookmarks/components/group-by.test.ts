import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy (spec 2: bookmarks grouped by first service type)', () => {
  it.each([
    [[], []],
    [['Pharmacy'], [['Pharmacy', ['Pharmacy:1']]]],
    [
      ['Pharmacy', 'Other', 'GP practice', 'Pharmacy'],
      [
        ['GP practice', ['GP practice:3']],
        ['Pharmacy', ['Pharmacy:1', 'Pharmacy:4']],
        ['Other', ['Other:2']],
      ],
    ],
    [
      ['Other', 'library', 'Advice'],
      [
        ['Advice', ['Advice:3']],
        ['library', ['library:2']],
        ['Other', ['Other:1']],
      ],
    ],
  ])('groups %j alphabetically with Other last, keeping item order', (types, expected) => {
    const items = types.map((type, index) => `${type}:${index + 1}`);
    expect(groupBy(items, (item) => item.split(':')[0] ?? '')).toEqual(expected);
  });
});
