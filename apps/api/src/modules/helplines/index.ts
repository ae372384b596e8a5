/** National helplines: which fit a need, in what order and where a page shows them (decision 027). */
export { createHelplinesRepository, type TermQuery } from './helplines.repository';
export { offerLines, type LineOffer, type SearchSituation } from './offer-lines';
