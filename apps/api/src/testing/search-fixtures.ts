import { searchServices } from '@locals/contracts/routes/services';
import type { SearchQueryInput } from '@locals/contracts/search';
import type { NewService } from '@locals/db/open-data/service-records';
import type { FastifyInstance } from 'fastify';
import { checkReply } from './contract-reply';
import { aService, DISTRICTS } from './directory-fixtures';
import { aVisitor } from './signed-in';

/** One mile north is about 0.01447 degrees of latitude. */
const MILE = 0.01447;

/** A point `miles` north of BS1 4DJ (51.4519, -2.5967). */
export const north = (miles: number) => ({
  latitude: 51.4519 + miles * MILE,
  longitude: -2.5967,
});

/** A visitor's search within 10 miles of BS1 4DJ, unless `query` says otherwise; checked as a 200. */
export async function searchNearBs1(app: FastifyInstance, query: SearchQueryInput) {
  const response = await aVisitor(app).call(searchServices, {
    query: { postcode: 'BS1 4DJ', distance: '10', ...query },
  });
  return checkReply(searchServices, response, 200);
}

/** The ids of a search's results, in their order. */
export const resultIds = (body: { results: { id: string }[] }) =>
  body.results.map((service) => service.id);

/**
 * Services around BS1 4DJ (51.4519, -2.5967), nearest first:
 * pharmacy 0.01 mi, pantry 0.08 mi (unverified demo), youth club 0.10 mi, food bank 0.50 mi,
 * Clifton pharmacy 0.87 mi, GP 0.89 mi, Bath library 11 mi, Cardiff centre 25.2 mi,
 * and a phone line in BS1 without coordinates.
 */
export const SEARCH_SERVICES: NewService[] = [
  aService({
    id: 's-pharmacy',
    name: 'Harbourside Pharmacy',
    description: 'Community pharmacy: prescriptions and medicines advice.',
    searchDocument: 'Community pharmacy: prescriptions and medicines advice. Pharmacy Health',
    serviceTypes: ['Pharmacy'],
    phones: ['0117 111 1111', '0117 222 2222'],
    latitude: 51.4521,
    longitude: -2.5967,
    ratingAverage: 4.5,
    reviewCount: 8,
  }),
  aService({
    id: 's-pantry',
    name: 'Riverside Pantry (demo)',
    description: 'Low-cost groceries for members.',
    searchDocument: 'Low-cost groceries for members. Community pantry Food',
    categories: ['food'],
    serviceTypes: ['Community pantry'],
    verified: false,
    source: 'demo',
    latitude: 51.453,
    longitude: -2.5967,
  }),
  aService({
    id: 's-youth',
    name: 'Harbour Youth Club',
    description: 'Youth club next to the library, for ages 11 to 18.',
    searchDocument:
      'Youth club next to the library, for ages 11 to 18. Youth club Physical activity',
    categories: ['sport'],
    serviceTypes: ['Youth club'],
    ageMin: 11,
    ageMax: 18,
    latitude: 51.4505,
    longitude: -2.5967,
  }),
  aService({
    id: 's-foodbank',
    name: 'Central Food Bank',
    description: 'Emergency food parcels with a referral.',
    searchDocument: 'Emergency food parcels with a referral. Food bank Food',
    categories: ['food'],
    serviceTypes: ['Food bank'],
    ageMin: 18,
    postcode: 'BS2 0JA',
    outcode: 'BS2',
    latitude: 51.4591,
    longitude: -2.5967,
    ratingAverage: 3,
  }),
  aService({
    id: 's-pharmacy-clifton',
    name: 'Clifton Pharmacy',
    description: 'Community pharmacy in Clifton.',
    searchDocument: 'Community pharmacy in Clifton. Pharmacy Health',
    serviceTypes: ['Pharmacy'],
    outcode: 'BS8',
    postcode: 'BS8 1AA',
    latitude: 51.46,
    longitude: -2.61,
  }),
  aService({
    id: 's-gp',
    name: 'Clifton Medical Centre',
    description: 'NHS GP practice. Register here to see a GP.',
    searchDocument: 'NHS GP practice. Register here to see a GP. GP practice Health',
    serviceTypes: ['GP practice'],
    outcode: 'BS8',
    postcode: 'BS8 2AA',
    latitude: DISTRICTS.BS8.latitude,
    longitude: DISTRICTS.BS8.longitude,
  }),
  aService({
    id: 's-bath-library',
    name: 'Bath Central Library',
    description: 'A free, warm place to read and get online.',
    searchDocument: 'A free, warm place to read and get online. Public library Welcome Spaces',
    categories: ['welcomespaces'],
    serviceTypes: ['Public library'],
    outcode: 'BA1',
    postcode: 'BA1 5AW',
    ladName: 'Bath and North East Somerset',
    latitude: DISTRICTS.BA1.latitude,
    longitude: DISTRICTS.BA1.longitude,
  }),
  aService({
    id: 's-cardiff',
    name: 'Cardiff Advice Centre',
    description: 'Money and benefits advice.',
    searchDocument: 'Money and benefits advice. Advice',
    outcode: 'CF10',
    postcode: 'CF10 1AA',
    latitude: 51.4816,
    longitude: -3.1791,
  }),
  aService({
    id: 's-phone-line',
    name: 'Harbourside Advice Line',
    description: 'Advice by phone for people in central Bristol.',
    searchDocument: 'Advice by phone for people in central Bristol. Advice',
    latitude: null,
    longitude: null,
  }),
];
