import { describe, expect, it } from 'vitest';
import { normaliseWords } from './words';

describe('normaliseWords', () => {
  it('reads case, punctuation and hyphens alike', () => {
    expect(normaliseWords('Walk-in  Centre, BS1!')).toEqual(['walk', 'in', 'centre', 'bs1']);
  });

  // "i cant cope" was searched as "can cope", and offered no line at all.
  it.each([
    ["I can't cope", ['i', 'cannot', 'cope']],
    ['i cant cope anymore', ['i', 'cannot', 'cope', 'anymore']],
    ['I can’t cope', ['i', 'cannot', 'cope']],
    ["don't want to live", ['do', 'not', 'want', 'to', 'live']],
    ['dont want to live', ['do', 'not', 'want', 'to', 'live']],
    ["it won't stop", ['it', 'will', 'not', 'stop']],
  ])('reads a negation in full: "%s"', (typed, words) => {
    expect(normaliseWords(typed)).toEqual(words);
  });

  it('leaves words that only look like one alone', () => {
    expect(normaliseWords('canteen donations')).toEqual(['canteen', 'donations']);
  });
});
