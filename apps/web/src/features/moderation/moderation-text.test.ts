import { describe, expect, it } from 'vitest';
import { actionLabel } from './audit-actions';
import { businessDays, fieldLabel, londonDateTime, readableValue } from './moderation-text';
import { pageFromParam } from './page-param';

describe('moderation text', () => {
  it.each([
    [0, '0 business days'],
    [1, '1 business day'],
    [3, '3 business days'],
  ])('says %i as "%s"', (count, text) => {
    expect(businessDays(count)).toBe(text);
  });

  it.each([
    ['2026-11-25T15:05:00.000Z', '3:05pm on 25 November 2026'],
    // British Summer Time: an hour ahead of UTC.
    ['2026-07-01T08:30:00.000Z', '9:30am on 1 July 2026'],
    ['2026-07-01T23:30:00.000Z', '12:30am on 2 July 2026'],
  ])('writes %s in London time as "%s"', (timestamp, text) => {
    expect(londonDateTime(timestamp)).toBe(text);
  });

  it.each([
    ['categories', ['health', 'food'], 'Health, Food'],
    ['categories', ['unknown'], 'unknown'],
    ['phones', [], 'None'],
    ['website', '', 'None'],
    ['email', null, 'None'],
    ['verified', true, 'Yes'],
    ['count', 3, '3'],
    ['position', { lat: 1 }, '{"lat":1}'],
  ])('shows %s %j as "%s"', (field, value, text) => {
    expect(readableValue(field, value)).toBe(text);
  });

  it.each([
    ['openingHours', 'Opening hours'],
    ['phones', 'Phone numbers'],
    ['rejectionReason', 'Rejection reason'],
    ['application', 'Application'],
  ])('labels the field %s "%s"', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it.each([
    ['approve-application', 'Approved application'],
    ['revoke-moderator', 'Stopped being a moderator'],
    ['renew-link', 'Emailed a new link in place of an expired one'],
    ['something-new', 'something-new'],
  ])('says the action %s as "%s"', (action, text) => {
    expect(actionLabel(action)).toBe(text);
  });

  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['1.5', 1],
    ['abc', 1],
  ])('reads ?page=%s as page %i', (value, page) => {
    expect(pageFromParam(value)).toBe(page);
  });
});
