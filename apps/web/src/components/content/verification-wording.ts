/**
 * What "verified" means, in the same words on every page that explains it (decision 003): the
 * open data's services are verified because they appear in a public register, not because
 * anyone spoke to the organisation.
 */
export const VERIFIED_MEANING =
  'A service marked verified is one we have confirmed exists: it is listed in an official public register (the NHS Organisation Data Service for GP practices and pharmacies, the public library dataset for libraries), or it applied to be listed and we checked its details with the organisation. Each listing shows where its details come from and how old they are.';

export const UNVERIFIED_MEANING =
  'Services without the mark have not been checked: they were imported from other open data, or they are demo listings, clearly labelled, that are not real services. Search shows only verified services unless you tick "Include unverified services".';

export const CHECK_BEFORE_YOU_TRAVEL =
  'Opening times and phone numbers change, even for verified services, so it is worth phoning before you travel.';
