import { normaliseWords } from './words';

/**
 * Words that signal a risk to life. One list, in one place: the API reads a search's keyword
 * with it to put the crisis panel (999, Samaritans, Shout, NHS 111 option 2) at the top of the
 * answer, and the web app reads it to know a page needs that panel before any search has run.
 * Every phrase here is tested (crisis.test.ts). A phrase is matched on whole words after
 * lower-casing and turning punctuation into spaces, so "Self-harm" and "self harm" are one.
 *
 * Misspellings people really type are listed, not guessed at with an edit distance: a fuzzy
 * match that fired on "suite" would be worse than a missing variant, which a test can add.
 */
export const CRISIS_KINDS = ['suicide', 'self-harm', 'overdose', 'abuse'] as const;
export type CrisisKind = (typeof CRISIS_KINDS)[number];

export const CRISIS_PHRASES: Record<CrisisKind, readonly string[]> = {
  suicide: [
    'suicide',
    'suicidal',
    'suicidal thoughts',
    'sucide',
    'suicde',
    'suiside',
    'suicid',
    'sucidal',
    'suicidle',
    'kill myself',
    'killing myself',
    'kms',
    'want to die',
    'wanna die',
    'wish i was dead',
    'wish i were dead',
    'want to be dead',
    'better off dead',
    'end my life',
    'ending my life',
    'end it all',
    'take my own life',
    'taking my own life',
    'take my life',
    'no reason to live',
    'dont want to live',
    'dont want to be alive',
    'do not want to live',
    'not want to be here',
    'dont want to be here anymore',
    'cant go on',
    'cannot go on',
    'hang myself',
    'jump off a bridge',
  ],
  'self-harm': [
    'self harm',
    'selfharm',
    'self harming',
    'self injury',
    'harm myself',
    'harming myself',
    'hurt myself',
    'hurting myself',
    'cut myself',
    'cutting myself',
    'burn myself',
    'burning myself',
  ],
  overdose: [
    'overdose',
    'overdosed',
    'overdosing',
    'took too many pills',
    'taken too many pills',
    'took an overdose',
    'taken an overdose',
  ],
  abuse: [
    'being abused',
    'he hits me',
    'she hits me',
    'they hit me',
    'he beats me',
    'she beats me',
    'hitting me',
    'beating me',
    'being hit',
    'being beaten',
    'threatening to kill me',
    'threatened to kill me',
    'going to kill me',
    'scared for my life',
    'afraid for my life',
    'not safe at home',
    'unsafe at home',
    'in danger',
    'being raped',
    'been raped',
    'sexually assaulted',
    'strangled me',
    'choked me',
  ],
};

/** The national lines the panel offers, by their helplines.csv ids, in the panel's order. */
export const CRISIS_LINE_IDS = ['samaritans', 'shout-85258', 'nhs-111-mental-health'] as const;

/** Each phrase read as a search is read ('dont want to live' is 'do not want to live'). */
const NORMALISED_PHRASES = CRISIS_KINDS.map(
  (kind) =>
    [kind, CRISIS_PHRASES[kind].map((phrase) => ` ${normaliseWords(phrase).join(' ')} `)] as const,
);

/** What risk to life `text` signals, if any: the first kind, in CRISIS_KINDS order, it names. */
export function detectCrisis(text: string): CrisisKind | null {
  const words = normaliseWords(text);
  if (words.length === 0) return null;
  const padded = ` ${words.join(' ')} `;
  for (const [kind, phrases] of NORMALISED_PHRASES) {
    if (phrases.some((phrase) => padded.includes(phrase))) return kind;
  }
  return null;
}
