import { describe, expect, it } from 'vitest';
import {
  eventLinkHref,
  eventShareHref,
  eventsApiQuery,
  eventsCalendarHref,
  eventsHref,
  readEventFilters,
} from './event-filters';

const read = (query: string) => readEventFilters(new URLSearchParams(query));

describe('readEventFilters', () => {
  it('reads every filter from the URL', () => {
    expect(read('location=bs56xx&maxDistance=5&date=2026-12-01&category=food&page=2')).toEqual({
      location: 'BS5 6XX',
      maxDistance: 5,
      date: '2026-12-01',
      category: 'food',
      page: 2,
    });
  });

  it.each([
    ['nothing', '', { location: '', maxDistance: 10, date: '', category: '', page: 1 }],
    ['a distance not on offer', 'maxDistance=7', { maxDistance: 10 }],
    ['a page that is not a whole number', 'page=two', { page: 1 }],
    ['page 0', 'page=0', { page: 1 }],
    ['Health, which is not a filter choice', 'category=health', { category: '' }],
    [
      'a postcode it cannot read, kept for the API to explain',
      'location=hello',
      { location: 'hello' },
    ],
    ['a date as typed, kept for the API to explain', 'date=1/12/2026', { date: '1/12/2026' }],
  ])('reads %s', (_case, query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });
});

describe('the addresses made from the filters', () => {
  const filters = read('location=BS5+6XX&maxDistance=5&date=2026-12-01&category=food&page=2');

  it('keeps the filters in the URL, page 1 left out', () => {
    expect(eventsHref(filters)).toBe(
      '/events?location=BS5+6XX&maxDistance=5&date=2026-12-01&category=food&page=2',
    );
    expect(eventsHref(filters, 1)).toBe(
      '/events?location=BS5+6XX&maxDistance=5&date=2026-12-01&category=food',
    );
    expect(eventsHref(read(''))).toBe('/events');
  });

  it('never asks for a distance without a postcode (the API refuses it)', () => {
    const noPostcode = read('maxDistance=5&category=food');
    expect(eventsHref(noPostcode)).toBe('/events?category=food');
    expect(eventsApiQuery(noPostcode)).toEqual({ category: 'food', page: 1, pageSize: 20 });
  });

  it('asks the API for one page of 20', () => {
    expect(eventsApiQuery(filters)).toEqual({
      location: 'BS5 6XX',
      maxDistance: '5',
      date: '2026-12-01',
      category: 'food',
      page: 2,
      pageSize: 20,
    });
  });

  it('links a card to its event over these events, and shares the event on its own', () => {
    expect(eventLinkHref(filters, 'demo:food-1')).toBe(
      '/events?location=BS5+6XX&maxDistance=5&date=2026-12-01&category=food&page=2&eventId=demo%3Afood-1',
    );
    expect(eventShareHref('demo:food-1')).toBe('/events?eventId=demo%3Afood-1');
  });

  it('subscribes to every page of the same events', () => {
    expect(eventsCalendarHref(filters)).toBe(
      '/api/events/calendar.ics?location=BS5+6XX&maxDistance=5&date=2026-12-01&category=food',
    );
  });
});
