/**
 * What "verified" means, in the same words on every page that explains it (decision 032): a person
 * confirmed the listing, its provider or a Locals moderator, on the date it shows. A listing an
 * official list holds says which list, and how old it is; it is never called verified for that.
 */
export const VERIFIED_MEANING =
  'A listing marked Verified has been confirmed by a person: its provider, or a Locals moderator who checked its details with the organisation, on the date the listing shows. Listings from official public lists say which list and how old it is, for example "From the NHS register, December 2023" for GP practices and pharmacies.';

export const UNVERIFIED_MEANING =
  'Search shows verified listings and listings from official public lists. Listings imported from other directories, which nobody has checked, show only if you tick "Include unchecked listings".';

export const CHECK_BEFORE_YOU_TRAVEL =
  'Opening times and phone numbers change, even for verified listings, so it is worth phoning before you travel.';
