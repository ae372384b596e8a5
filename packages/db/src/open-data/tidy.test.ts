import { describe, expect, it } from 'vitest';
import { tidyUpperCase } from './tidy';

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
