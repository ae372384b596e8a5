import { describe, expect, it } from 'vitest';
import { tidyUkPhone, tidyUpperCase } from './tidy';

describe('tidyUpperCase', () => {
  it.each([
    ['ABBEY MEDICAL CENTRE', 'Abbey Medical Centre'],
    [
      'ABBEY MEDICAL CENTRE, 1 HARPOUR ROAD, BARKING, ESSEX',
      'Abbey Medical Centre, 1 Harpour Road, Barking, Essex',
    ],
    ["ST JOHN'S WOOD SURGERY", "St John's Wood Surgery"],
    ["O'NEILL PHARMACY", "O'Neill Pharmacy"],
    ['THE PARK AND RIDE SURGERY', 'The Park and Ride Surgery'],
    ['NHS WALK-IN CENTRE', 'NHS Walk-in Centre'],
    ['UNIT 1A, 22 HIGH STREET', 'Unit 1A, 22 High Street'],
    ['BOOTS UK LTD', 'Boots UK Ltd'],
    ['Barking Learning Centre', 'Barking Learning Centre'],
    ['WESTMINSTER LD PARTNERSHIP', 'Westminster LD Partnership'],
    ['KINGSTON ADULT ADHD SERVICE', 'Kingston Adult ADHD Service'],
    ['EALING TRI-BOROUGH PERINATAL MH SERVICE', 'Ealing Tri-Borough Perinatal MH Service'],
  ])('%s -> %s', (input, expected) => {
    expect(tidyUpperCase(input)).toBe(expected);
  });
});

describe('tidyUkPhone', () => {
  it.each([
    ['020 79304832', '020 7930 4832'],
    ['0117 9292929', '0117 929 2929'],
    ['0161 1234567', '0161 123 4567'],
    ['01454 868009', '01454 868009'],
    ['01454868009', '01454 868009'],
    ['0300 1234567', '0300 123 4567'],
    ['07700900123', '07700 900123'],
    // Not a UK number we recognise: kept as it came.
    ['+44 20 7930 4832', '+44 20 7930 4832'],
    ['ext. 204', 'ext. 204'],
    [' 999 ', '999'],
  ])('%s -> %s', (input, expected) => {
    expect(tidyUkPhone(input)).toBe(expected);
  });
});
