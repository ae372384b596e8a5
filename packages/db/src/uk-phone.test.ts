import { describe, expect, it } from 'vitest';
import { formatUkPhone, ukPhoneUri } from './uk-phone';

describe('formatUkPhone', () => {
  it.each([
    ['020 79304832', '020 7930 4832'],
    ['0117 9292929', '0117 929 2929'],
    ['0161 1234567', '0161 123 4567'],
    ['01454 868009', '01454 868009'],
    ['01454868009', '01454 868009'],
    ['0300 1234567', '0300 123 4567'],
    ['07700900123', '07700 900123'],
    ['0808 8005000', '0808 800 5000'],
    // Written internationally, shown as a person in the UK dials it.
    ['+44 20 7930 4832', '020 7930 4832'],
    // Not a number libphonenumber reads: kept as it came.
    ['116 123', '116 123'],
    ['ext. 204', 'ext. 204'],
    [' 999 ', '999'],
  ])('%s -> %s', (input, expected) => {
    expect(formatUkPhone(input)).toBe(expected);
  });
});

describe('ukPhoneUri', () => {
  it.each([
    ['020 7930 4832', 'tel:+442079304832'],
    ['0117 929 2929', 'tel:+441179292929'],
    ['0808 800 5000', 'tel:+448088005000'],
    ['0300 123 4567 ext 2', 'tel:+443001234567;ext=2'],
    // Short codes are dialled as they are, never with +44.
    ['116 123', 'tel:116123'],
    ['999', 'tel:999'],
  ])('%s -> %s', (input, expected) => {
    expect(ukPhoneUri(input)).toBe(expected);
  });
});
