import type { Event } from '@locals/contracts/events';

/** What a card and the details say about booking. */
export function registrationText(registrationRequired: boolean): string {
  return registrationRequired ? 'Registration Required' : 'Drop-in Welcome';
}

/** The venue with its postcode, such as 'St Mark's Hall, BS5 6XX'. */
export function venueWithPostcode({ location }: Pick<Event, 'location'>): string {
  return [location.venue, location.postcode].filter(Boolean).join(', ');
}

/** A number as a tel: link: its digits, and a leading + for an international one. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** OpenStreetMap's directions to the venue: it needs no key and no script on our page. */
export function directionsHref({ location }: Pick<Event, 'location'>): string {
  const { lat, lng } = location.coordinates;
  return `https://www.openstreetmap.org/directions?to=${encodeURIComponent(`${lat},${lng}`)}`;
}

/** Miles from the searched postcode, to one decimal as the API gives them. */
export function milesAway(miles: number): string {
  return `${miles} ${miles === 1 ? 'mile' : 'miles'} away`;
}
