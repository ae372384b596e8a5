import { describe, expect, it } from 'vitest';
import { agesFromName } from './ages-from-names';

const none = { ageMin: null, ageMax: null };
const underFive = { ageMin: 0, ageMax: 4 };
const children = { ageMin: 0, ageMax: 17 };
const adults = { ageMin: 18, ageMax: null };
const youngPeople = { ageMin: null, ageMax: 25 };

describe('agesFromName', () => {
  // Names as published in open-data/, unless marked otherwise.
  it.each([
    ["Becontree Children's Centre", underFive],
    ['Barnfield Childrens Centre', underFive],
    ['Somerset Nursery & Childrens Centre', underFive],
    ["Children's Centre", underFive],
    ['Loxford Sure Start', underFive],
    ['Becontree Children’s Centre (a curly apostrophe, not in the data)', underFive],
    ["St Thomas' Hospital (Camhs Mental Health Unit)", children],
    ['MR DENTIST CHILDRENS PRACTICE', children],
    ['HAPPY KIDS DENTAL PRACTICE LIMITED', children],
    ['WEYMOUTH STREET PAEDIATRIC DENTAL CARE LTD', children],
    ['CHS URGENT CARE CENTRE PAEDIATRICS', children],
    ['TEENAGE ADVISORY SERVICE', { ageMin: 13, ageMax: 19 }],
    ['Young Persons Substance Misuse Service', youngPeople],
    ['KINGSTON ADULT ADHD SERVICE', adults],
    ['EALING ADULT LEARNING DISABILITY', adults],
  ])('%s states its ages', (name, ages) => {
    expect(agesFromName(name)).toEqual(ages);
  });

  it.each([
    // Family hubs' ages differ by council, and a children's library is open to everyone.
    ['Bessborough Family Hub', none],
    ["Lewis Carroll Children's Library", none],
    // False friends: a place name, words with the letters inside, a name of another kind.
    ['Childs Hill', none],
    ['KIDBROOKE PHARMACY', none],
    ['BABYLON HEALTH', none],
    ['CHISWICK FAMILY PRACTICE', none],
    ['Marks Gate Community Hub', none],
    ['PREPARING FOR ADULTHOOD TEAM (not in the data)', none],
    ['THE CANTEEN COMMUNITY CAFE (not in the data)', none],
    ['YOUNG ADULT CARERS SERVICE (not in the data)', youngPeople],
    // Who these serve is not an age: no rule, so nothing is guessed.
    ['STUDENT HEALTH SERVICE', none],
    ['EALING TRI-BOROUGH PERINATAL MH SERVICE', none],
    ['WESTMINSTER SCHOOL', none],
  ])('%s states no ages it does not have', (name, ages) => {
    expect(agesFromName(name)).toEqual(ages);
  });
});
