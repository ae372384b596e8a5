import { describe, expect, it } from 'vitest';
import { gridToLatLng, postcodeFromCodePoint } from './codepoint';
import { isOnspdHeader, postcodeFromOnspd } from './onspd';

describe('postcodeFromOnspd', () => {
  it.each([
    [
      { pcds: 'SW1A 1AA', lat: '51.501009', long: '-0.141588', oslaua: 'E09000033' },
      'SW1A 1AA',
      'E09000033',
    ],
    [
      { pcd: 'BS1 4DJ', lat: '51.4519', long: '-2.5967', lad23cd: 'E06000023' },
      'BS1 4DJ',
      'E06000023',
    ],
    [
      { PCDS: 'bs14dj', LAT: '51.4519', LONG: '-2.5967', LAUA: 'E06000023' },
      'BS1 4DJ',
      'E06000023',
    ],
    [{ pcds: 'BS1 4DJ', lat: '51.4519', long: '-2.5967' }, 'BS1 4DJ', null],
  ])('reads %j as %s in %s', (row, postcode, ladCode) => {
    expect(postcodeFromOnspd(row)).toMatchObject({ row: { postcode, ladCode } });
  });

  it.each([
    [{ pcds: 'ZZ9 9ZZ', lat: '99.999999', long: '0.000000' }, 'no coordinates (lat 99.999999)'],
    [{ pcds: 'BS1 4DJ', lat: '', long: '' }, 'no coordinates'],
    [{ pcds: 'BS1', lat: '51', long: '-2' }, "'BS1' is not a full UK postcode"],
    [{ pcds: '', lat: '51', long: '-2' }, 'no postcode'],
  ])('rejects %j: %s', (row, reason) => {
    expect(postcodeFromOnspd(row)).toEqual({ rejected: reason });
  });

  it.each([
    [['pcd', 'pcds', 'lat', 'long'], true],
    [['PCDS', 'LAT', 'LONG'], true],
    [['SW1A1AA', '10', '529090', '179645'], false],
  ])('recognises the header %j: %s', (columns, expected) => {
    expect(isOnspdHeader(columns)).toBe(expected);
  });
});

describe('postcodeFromCodePoint', () => {
  it('converts British National Grid eastings and northings to WGS84 (Buckingham Palace)', () => {
    const result = postcodeFromCodePoint([
      'SW1A1AA',
      '10',
      '529090',
      '179645',
      'E92000001',
      '',
      '',
      '',
      'E09000033',
      '',
    ]);

    expect(result).toMatchObject({ row: { postcode: 'SW1A 1AA', ladCode: 'E09000033' } });
    const row = 'row' in result ? result.row : undefined;
    expect(row?.latitude).toBeCloseTo(51.501, 3);
    expect(row?.longitude).toBeCloseTo(-0.1416, 3);
  });

  it.each([
    [
      [358600, 172600],
      [51.4509, -2.5972],
    ],
    [
      [326000, 673500],
      [55.953, -3.189],
    ],
  ])('places grid %j near %j', ([eastings, northings], [latitude, longitude]) => {
    const point = gridToLatLng(eastings!, northings!);
    expect(point.latitude).toBeCloseTo(latitude!, 2);
    expect(point.longitude).toBeCloseTo(longitude!, 2);
  });

  it.each([
    [['BS2 9ZZ', '90', '0', '0'], 'no coordinates (positional quality 90)'],
    [['BS2 9ZZ', '10', 'x', '5'], 'eastings and northings are not grid coordinates'],
    [['NOPE', '10', '1', '1'], "'NOPE' is not a full UK postcode"],
  ])('rejects %j: %s', (fields, reason) => {
    expect(postcodeFromCodePoint(fields)).toEqual({ rejected: reason });
  });
});
