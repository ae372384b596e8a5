import { describe, expect, it } from 'vitest';
import { orukFromCsvRow, serviceFromOruk, type ImportContext } from './oruk';

const context: ImportContext = {
  source: 'import:feed.json',
  sourceName: 'feed.json (imported)',
  licence: 'Open Government Licence v3.0',
  verified: false,
};

const located = { service_at_locations: [{ location: { latitude: 51.45, longitude: -2.59 } }] };

describe('serviceFromOruk', () => {
  it('maps an ORUK service onto a services row', () => {
    const result = serviceFromOruk(
      {
        id: 'abc',
        name: 'Carers Centre',
        description: 'Support for unpaid carers.',
        url: 'https://carers.example',
        email: 'hi@carers.example',
        status: 'active',
        organization: { name: 'Carers Trust' },
        service_at_locations: [
          {
            location: {
              latitude: '51.45',
              longitude: '-2.59',
              physical_addresses: [
                { address_1: '1 High St', city: 'Bristol', postal_code: 'bs14dj' },
              ],
            },
          },
        ],
        contacts: [{ phones: [{ number: '0117 1' }, { number: '0117 2' }] }],
        regular_schedules: [{ byday: 'MO,TU', opens_at: '09:00:00', closes_at: '17:00:00' }],
        service_taxonomys: [
          { taxonomy: { name: 'Carers support' } },
          { taxonomy: { name: 'Befriending' } },
        ],
        eligibilitys: [{ minimum_age: 16, maximum_age: 99 }],
        languages: ['English'],
      },
      context,
    );

    expect(result).toMatchObject({
      row: {
        id: 'import:feed.json:abc',
        name: 'Carers Centre',
        provider: 'Carers Trust',
        website: 'https://carers.example',
        email: 'hi@carers.example',
        status: 'open',
        address: '1 High St, Bristol',
        postcode: 'BS1 4DJ',
        outcode: 'BS1',
        latitude: 51.45,
        longitude: -2.59,
        phones: ['0117 1', '0117 2'],
        openingHours: 'Mon, Tue 09:00-17:00',
        weeklyHours: {
          note: null,
          sessions: [
            { day: 1, opens: '09:00', closes: '17:00' },
            { day: 2, opens: '09:00', closes: '17:00' },
          ],
        },
        serviceTypes: ['Carers support', 'Befriending'],
        categories: ['socialcare'],
        ageMin: 16,
        ageMax: 99,
        languages: ['English'],
        verified: false,
        source: 'import:feed.json',
        sourceRecordId: 'abc',
        licence: 'Open Government Licence v3.0',
      },
    });
  });

  it.each([
    [['Food banks'], ['food']],
    [
      ['Mental wellbeing', 'Walking groups'],
      ['mentalhealth', 'sport'],
    ],
    [['Homelessness advice'], ['housing']],
    [['Autism support'], ['neurodiversity']],
    [['Employment and training'], ['skillsdevelopment']],
    [['Warm spaces'], ['welcomespaces']],
    [['Something unheard of'], []],
  ])('maps taxonomy %j onto categories %j', (names, categories) => {
    const result = serviceFromOruk(
      { id: 'x', name: 'X', ...located, taxonomies: names.map((name) => ({ name })) },
      context,
    );

    expect('row' in result && result.row.categories).toEqual(categories);
  });

  it.each([
    [{ name: 'No id', ...located }, 'missing id'],
    [{ id: 'x', ...located }, 'missing name'],
    [{ id: 'x', name: 'Gone', status: 'defunct', ...located }, 'status is defunct'],
    [{ id: 'x', name: 'Paused', status: 'Inactive', ...located }, 'status is inactive'],
    ['not an object', 'not an Open Referral UK service object'],
  ])('rejects %j: %s', (input, reason) => {
    expect(serviceFromOruk(input, context)).toEqual({ rejected: reason });
  });

  it('keeps a temporarily closed service, saying so', () => {
    const result = serviceFromOruk(
      { id: 'x', name: 'X', status: 'temporarily closed', ...located },
      context,
    );

    expect(result).toMatchObject({
      row: { status: 'closed', statusDetails: 'temporarily closed' },
    });
  });

  it('leaves coordinates empty when the record has none, for the postcode to fill', () => {
    const result = serviceFromOruk(
      { id: 'x', name: 'X', locations: [{ postcode: 'BS1 5TR' }] },
      context,
    );

    expect(result).toMatchObject({ row: { latitude: null, longitude: null, postcode: 'BS1 5TR' } });
  });
});

describe('serviceFromOruk, ORUK 3.0', () => {
  const withLocation = (location: object, more: object = {}) =>
    serviceFromOruk(
      { id: 'x', name: 'X', service_at_locations: [{ location }], ...more },
      { ...context, today: '2025-06-01' },
    );

  it.each([
    [{ code: 'housing', name: 'Somewhere to live' }, ['housing']],
    [{ code: 'Housing', name: 'Somewhere to live' }, []],
    [{ code: 'BK-123', term: 'Befriending' }, ['socialcare']],
  ])('places taxonomy_term %j in categories %j', (term, categories) => {
    const result = withLocation(located.service_at_locations[0]!.location, {
      attributes: [{ link_entity: 'service', taxonomy_term: term }],
    });

    expect('row' in result && result.row.categories).toEqual(categories);
  });

  it('reads an attribute with a value as a fact about the service, not a kind of service', () => {
    const result = withLocation(located.service_at_locations[0]!.location, {
      attributes: [
        { taxonomy_term: { code: 'food', name: 'Food' } },
        { taxonomy_term: { code: 'data_licence', name: 'Data licence' }, value: 'OGL v3.0' },
      ],
    });

    expect(result).toMatchObject({ row: { categories: ['food'], serviceTypes: ['Food'] } });
  });

  it('takes the physical address over the postal one, and the first location it can place', () => {
    const result = serviceFromOruk(
      {
        id: 'x',
        name: 'X',
        service_at_locations: [
          { location: { addresses: [{ address_1: 'Nowhere', postal_code: 'N/A' }] } },
          {
            location: {
              addresses: [
                { address_1: 'PO Box 1', postal_code: 'BS99 1ZZ', address_type: 'postal' },
                { address_1: '1 High St', postal_code: 'bs14dj', address_type: 'physical' },
              ],
            },
          },
        ],
      },
      context,
    );

    expect(result).toMatchObject({ row: { address: '1 High St', postcode: 'BS1 4DJ' } });
  });

  it.each([
    [100, 101],
    [0, 0],
  ])('takes latitude %j, longitude %j as no coordinates', (latitude, longitude) => {
    expect(withLocation({ latitude, longitude })).toMatchObject({
      row: { latitude: null, longitude: null },
    });
  });

  it.each([
    [{ byday: 'MO', opens_at: '09:00', closes_at: '12:00' }, 'Mon 09:00-12:00'],
    [
      { byday: 'MO', opens_at: '09:00', closes_at: '12:00', valid_to: '2025-06-01' },
      'Mon 09:00-12:00',
    ],
    [{ byday: 'MO', opens_at: '09:00', closes_at: '12:00', valid_to: '2025-05-31' }, null],
    [{ byday: 'MO', opens_at: '09:00', closes_at: '12:00', freq: 'MONTHLY' }, null],
    [{ byday: 'MO', opens_at: '09:00', closes_at: '12:00', interval: 2 }, null],
    [{ byday: '1MO', opens_at: '09:00', closes_at: '12:00' }, null],
  ])('reads schedule %j as %j', (schedule, openingHours) => {
    expect(
      withLocation(located.service_at_locations[0]!.location, { schedules: [schedule] }),
    ).toMatchObject({ row: { openingHours } });
  });

  it('reads phones under phones and contacts, without the quotes a copied example keeps', () => {
    const result = withLocation(located.service_at_locations[0]!.location, {
      phones: [{ number: '"+44 1234 234567"' }],
      contacts: [{ phones: [{ number: '+44 1234 234567' }, { number: '0117 2' }] }],
    });

    expect(result).toMatchObject({ row: { phones: ['+44 1234 234567', '0117 2'] } });
  });
});

describe('orukFromCsvRow', () => {
  it('reads the flattened columns, with semicolon-separated lists', () => {
    const result = serviceFromOruk(
      orukFromCsvRow({
        id: 'c1',
        name: 'Pantry',
        organization_name: 'Easton Together',
        address_1: '12 Stapleton Road',
        city: 'Bristol',
        postal_code: 'BS2 0JA',
        latitude: '',
        longitude: '',
        phone: '0117 1; 0117 2',
        taxonomies: 'Community pantry;Food',
        minimum_age: '18',
      }),
      context,
    );

    expect(result).toMatchObject({
      row: {
        id: 'import:feed.json:c1',
        provider: 'Easton Together',
        address: '12 Stapleton Road, Bristol',
        postcode: 'BS2 0JA',
        latitude: null,
        phones: ['0117 1', '0117 2'],
        categories: ['food'],
        ageMin: 18,
      },
    });
  });
});
