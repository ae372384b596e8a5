import { describe, expect, it } from 'vitest';
import { placeOfLocation } from './placement';

describe('placeOfLocation', () => {
  it.each([
    [
      'St Agnes Church, Thomas Street, Bristol BS2 9LJ',
      { venue: 'St Agnes Church', address: 'Thomas Street, Bristol', postcode: 'BS2 9LJ' },
    ],
    ['Easton Library BS5 0HE', { venue: 'Easton Library', address: '', postcode: 'BS5 0HE' }],
    [
      'Newham Leisure Centre, 281, Prince Regent Lane, London, E13 8SD, England',
      {
        venue: 'Newham Leisure Centre',
        address: '281, Prince Regent Lane, London',
        postcode: 'E13 8SD',
      },
    ],
    // Any case and spacing, as people write them (spec 5).
    ['Hall, Bristol bs56xx', { venue: 'Hall', address: 'Bristol', postcode: 'BS5 6XX' }],
    // A district name in a street is not a postcode; the last full postcode is.
    [
      'Unit 2, BS1 Business Park, Bristol BS2 0JA',
      { venue: 'Unit 2', address: 'BS1 Business Park, Bristol', postcode: 'BS2 0JA' },
    ],
    ['The green by the shops', { venue: 'The green by the shops', address: '', postcode: null }],
    ['', { venue: '', address: '', postcode: null }],
  ])('reads %j', (location, place) => {
    expect(placeOfLocation(location)).toEqual(place);
  });
});
