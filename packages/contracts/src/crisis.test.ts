import { describe, expect, it } from 'vitest';
import { CRISIS_KINDS, CRISIS_PHRASES, detectCrisis } from './crisis';

describe('detectCrisis', () => {
  // Every phrase on the list, alone and inside what a person types on a bad day.
  const everyPhrase = CRISIS_KINDS.flatMap((kind) =>
    CRISIS_PHRASES[kind].map((phrase) => [kind, phrase] as const),
  );

  it.each(everyPhrase)('reads %s in "%s"', (kind, phrase) => {
    expect(detectCrisis(phrase)).not.toBeNull();
    expect(detectCrisis(`please help ${phrase} tonight`)).not.toBeNull();
    // The first kind on the list wins, so a phrase is at least as urgent as its own kind.
    expect(CRISIS_KINDS.indexOf(detectCrisis(phrase)!)).toBeLessThanOrEqual(
      CRISIS_KINDS.indexOf(kind),
    );
  });

  it.each([
    ['Suicide', 'suicide'],
    ['I want to die', 'suicide'],
    ["I don't want to live any more", 'suicide'],
    ['i dont want to be here anymore', 'suicide'],
    ['I do not want to be here anymore', 'suicide'],
    ["i can't go on", 'suicide'],
    ['i cant go on', 'suicide'],
    ['thinking of killing myself', 'suicide'],
    ['suicidal thoughts BS1 4DJ', 'suicide'],
    ['Self-harm', 'self-harm'],
    ['self harm support', 'self-harm'],
    ['my friend took an overdose', 'overdose'],
    ['I am being abused now', 'abuse'],
    ['he hits me', 'abuse'],
  ])('reads the words people type: "%s" is %s', (typed, kind) => {
    expect(detectCrisis(typed)).toBe(kind);
  });

  it.each([
    'suite',
    'diet advice',
    'domestic abuse',
    'debt',
    'food bank',
    'harmony choir',
    'selfridges',
    'cutting hair',
    'pharmacy',
    '',
    '   ',
  ])('does not fire on "%s"', (typed) => {
    expect(detectCrisis(typed)).toBeNull();
  });
});
