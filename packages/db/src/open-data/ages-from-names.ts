/**
 * The ages a service is for, in whole years with both ends included, as the search filter reads
 * them (an age filter keeps a service whose range overlaps it); null is an open end.
 */
type Ages = { ageMin: number | null; ageMax: number | null };

interface AgeRule {
  /** Whole words or phrases in the record's name, in any case. */
  words: RegExp;
  /** null: the words say who the service is for, but no ages we can honestly state. */
  ages: Ages | null;
  why: string;
}

const NO_AGES: Ages = { ageMin: null, ageMax: null };
const CHILDREN: Ages = { ageMin: 0, ageMax: 17 };

// Names are matched, not subcategories: "Children's centre or family hub" names two kinds of
// place with different ages. An edge the words leave uncertain is left open or set where the
// widest common use puts it, so the filter never hides a service from someone it may serve.
/** Open-data names to ages (decision 044). The first rule that matches wins. */
const AGE_RULES: readonly AgeRule[] = [
  {
    words: /\bfamily hubs?\b/i,
    ages: null,
    why: 'Family hubs serve families with children aged 0 to 19, or to 25 with SEND (DfE); the upper age differs by council and parents come in their own right',
  },
  {
    words: /\b(children['’]?s centres?|sure start)\b/i,
    ages: { ageMin: 0, ageMax: 4 },
    why: "Sure Start children's centres serve children under five and their families (DfE statutory guidance): 0 to 4, so a search from age 5 leaves them out",
  },
  {
    words: /\bchildren['’]?s librar(y|ies)\b/i,
    ages: null,
    why: "A children's library welcomes the adults who bring children, and a library's listing says it is open to everyone",
  },
  {
    words: /\b(camhs|child and adolescent mental health)\b/i,
    ages: CHILDREN,
    why: 'Child and adolescent mental health services (CAMHS) see children and young people under 18 (NHS)',
  },
  {
    words: /\b(children['’]?s|kids|paediatrics?)\b/i,
    ages: CHILDREN,
    why: "A children's or paediatric service is for children: under 18 (Children Act 1989), the widest edge, since some stop at 16",
  },
  {
    words: /\bteen(age|agers?|s)?\b/i,
    ages: { ageMin: 13, ageMax: 19 },
    why: 'Teenage: 13 to 19 years, what the word means',
  },
  {
    words: /\byoung (persons?|people|adults?)\b/i,
    ages: { ageMin: null, ageMax: 25 },
    why: "Young people's services in the UK reach 25 at most (to 25 with SEND; youth services 11 to 25); where they start varies, so no lower age",
  },
  {
    words: /\badults?\b/i,
    ages: { ageMin: 18, ageMax: null },
    why: 'NHS adult services are for people aged 18 and over',
  },
];

/** The ages a record's name states by AGE_RULES; none when no rule matches (nothing is guessed). */
export function agesFromName(name: string): Ages {
  const rule = AGE_RULES.find(({ words }) => words.test(name));
  return rule?.ages ?? NO_AGES;
}
