import { z } from 'zod';
import { CategoryIdSchema } from './category-schema';
import { MAX_SERVICE_ID_LENGTH } from './engagement-common';
import { CrisisSchema, HelplinePlacementSchema, HelplineSchema } from './helplines';
import { ListingCheckSchema } from './listing';
import { OpenStateSchema, WeeklyHoursSchema } from './opening-hours-contract';
import { PostcodeSchema } from './postcode-schema';
import { textField, tooLongMessage } from './text-field';
import { optional, wholeNumber } from './query-fields';

/** 'this-area-only' is sent as an empty distance; the rest are miles. */
export const DISTANCE_OPTIONS = [5, 10, 25, 40, 60, 100] as const;
export const MAX_PAGE_SIZE = 1000;
export const REVIEW_RATINGS = [
  'any',
  '1-stars',
  '2-stars',
  '3-stars',
  '4-stars',
  '5-stars',
] as const;

/** Absent or '' means false; callers may leave it out, which the prefault tells the contract. */
const booleanFlag = (field: string) =>
  z
    .preprocess(
      (value) => (value === '' ? 'false' : value),
      z
        .enum(['true', 'false'], { error: `${field} must be true or false` })
        .transform((v) => v === 'true'),
    )
    .prefault('false');

/**
 * GET /api/HealthServices/search-new. Every parameter is optional in the query string, but a search
 * needs a place: a postcode, or a postcode or covered place named in the keyword (never a
 * nationwide list: decision 011).
 */
export const SearchQuerySchema = z
  .object({
    postcode: optional(PostcodeSchema),
    distance: optional(
      z.coerce
        .number({ error: 'distance must be one of 5, 10, 25, 40, 60 or 100 miles' })
        .refine((miles) => (DISTANCE_OPTIONS as readonly number[]).includes(miles), {
          error: 'distance must be one of 5, 10, 25, 40, 60 or 100 miles',
        }),
    ),
    keyword: optional(
      textField('keyword')
        .trim()
        .max(200, { error: tooLongMessage('keyword', 200) }),
    ),
    category: optional(CategoryIdSchema),
    /** 'any' or a comma-separated list of service types. */
    serviceTypes: optional(
      textField('serviceTypes')
        .max(500, { error: tooLongMessage('serviceTypes', 500) })
        .transform((value) =>
          value.trim().toLowerCase() === 'any'
            ? []
            : value
                .split(',')
                .map((type) => type.trim())
                .filter(Boolean),
        ),
    ),
    includeUnverified: booleanFlag('includeUnverified'),
    /** Only services whose structured opening hours say they are open now (Europe/London). */
    openNow: booleanFlag('openNow'),
    /**
     * With openNow: services whose opening hours are not known are shown too (they may be open).
     * Without openNow it changes nothing.
     */
    includeUnknownHours: booleanFlag('includeUnknownHours'),
    ageMin: optional(wholeNumber('ageMin', 0, 120)),
    ageMax: optional(wholeNumber('ageMax', 0, 120)),
    reviewRating: optional(
      z.enum(REVIEW_RATINGS, { error: "reviewRating must be 'any' or 1-stars to 5-stars" }),
    ),
    page: optional(wholeNumber('page', 1, 100_000)),
    pageSize: optional(wholeNumber('pageSize', 1, MAX_PAGE_SIZE)),
  })
  .refine(
    (query) =>
      query.ageMin === undefined || query.ageMax === undefined || query.ageMin <= query.ageMax,
    {
      error: 'ageMin must not be more than ageMax',
      path: ['ageMin'],
    },
  );
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;
export type SearchQuery = z.output<typeof SearchQuerySchema>;

export const CoordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

/** A number as it is shown, and the tel: URI that dials it (+44 for UK numbers). */
export const PhoneLinkSchema = z.object({ number: z.string(), href: z.string() });
export type PhoneLink = z.infer<typeof PhoneLinkSchema>;

/** Where a record, or one of its contact details, came from and when (decision 032). */
export const FieldSourceSchema = z.object({
  /** In words: "NHS website data". */
  source: z.string(),
  /** YYYY-MM (or YYYY-MM-DD) of the source's copy; null when it carries no date. */
  asOf: z.string().nullable(),
});
export type FieldSource = z.infer<typeof FieldSourceSchema>;

export const ServiceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  /** `phone` may be a comma-separated list; `phones` is the same as an array. */
  phone: z.string().nullable(),
  phones: z.array(z.string()),
  /** `phones` as links, made on the server by libphonenumber. */
  phoneLinks: z.array(PhoneLinkSchema),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  recommendations: z.number().int(),
  categories: z.array(CategoryIdSchema),
  serviceTypes: z.array(z.string()),
  facilities: z.array(z.string()),
  /**
   * Confirmed by a person, its provider or a Locals moderator, on `lastChecked` (decision 032).
   * A record only a public source vouches for is not verified: `listedBy` names the source.
   */
  verified: z.boolean(),
  /** "the NHS register", "2023-12": the source that lists an unverified record; null otherwise. */
  listedBy: FieldSourceSchema.nullable(),
  /** Opening hours as GOV.UK writes them ("Monday to Friday, 9am to 5:30pm"); null if not known. */
  openingHours: z.string().nullable(),
  /** The same hours, structured; null when the source gave none. */
  weeklyHours: WeeklyHoursSchema.nullable(),
  /** From weeklyHours at the time of the answer; 'unknown' without hours, and for demo listings. */
  openState: OpenStateSchema,
  /** "0.4 miles"; null when the search had no postcode. */
  distance: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  coordinates: CoordinatesSchema.nullable(),
  /** A clearly marked demo listing (source 'demo'), never verified. */
  isDemo: z.boolean(),
  /** When a person last checked the listing through Locals, and whether that was a year ago. */
  ...ListingCheckSchema.shape,
});
export type ServiceSummary = z.infer<typeof ServiceSummarySchema>;

export const LocationPrecisionSchema = z.enum(['postcode', 'postcodes-api', 'district']);

/** Where a searched postcode was placed, and how precisely. */
export const ResolvedLocationSchema = z.object({
  postcode: z.string(),
  outcode: z.string(),
  coordinates: CoordinatesSchema,
  precision: LocationPrecisionSchema,
  areaName: z.string().nullable(),
});
export type ResolvedLocation = z.infer<typeof ResolvedLocationSchema>;

/**
 * How the keyword was understood (decisions 011 and 027). 'all': services matching every word (or
 * the phrase); 'some': none matched every word, so services matching `matchedTerms` are shown and
 * `message` says so; 'spelling': no word matched exactly, so near spellings are shown; 'none':
 * nothing matched at all.
 */
export const KeywordMatchSchema = z.object({
  /** The keyword as the person typed it. */
  searched: z.string(),
  /** The words searched for, once a postcode or place in the keyword was taken as the location. */
  used: z.string(),
  match: z.enum(['all', 'some', 'spelling', 'none']),
  matchedTerms: z.array(z.string()),
  /** "No exact matches for 'food bank'; showing services matching 'food'"; null for 'all'. */
  message: z.string().nullable(),
  /** The category the keyword names ('food bank' names food); it ranks first. */
  category: CategoryIdSchema.nullable(),
});
export type KeywordMatch = z.infer<typeof KeywordMatchSchema>;

/** Whether Locals lists services for the searched place yet (decision 011). */
export const CoverageSchema = z.object({
  covered: z.boolean(),
  /** The local authority or district name, when known. */
  areaName: z.string().nullable(),
  /** "Locals does not cover Manchester yet."; null when covered. */
  message: z.string().nullable(),
});
export type Coverage = z.infer<typeof CoverageSchema>;

/** A category with no real service in the searched area, and what to say about it. */
export const CategoryGapSchema = z.object({
  category: CategoryIdSchema,
  /** "Locals has no Housing services within 10 miles of BS1 4DJ yet." */
  message: z.string(),
});
export type CategoryGap = z.infer<typeof CategoryGapSchema>;

/** A service type found among a search's matches, and how many of them are of it. */
export const ServiceTypeCountSchema = z.object({ type: z.string(), count: z.number().int() });
export type ServiceTypeCount = z.infer<typeof ServiceTypeCountSchema>;

/**
 * What the filters can do with the whole result set, not only the page: counted over every match
 * of the search, with the filters in use (decision 045).
 */
export const SearchRefinementsSchema = z.object({
  /**
   * The service types among the matches with every other filter applied (the types chosen are
   * left out of the count, so each says what choosing it would show), most first. A type chosen
   * with no match stays, with 0, so it can be removed.
   */
  serviceTypes: z.array(ServiceTypeCountSchema),
  /**
   * With an age filter: how many of the results do not say which ages they serve (they are kept,
   * as they may serve those ages). Null without an age filter.
   */
  agesNotStated: z.number().int().nullable(),
  /**
   * With openNow (and not includeUnknownHours): how many services matching everything else are
   * left out because their opening hours are not known. Null otherwise.
   */
  hoursNotKnown: z.number().int().nullable(),
});
export type SearchRefinements = z.infer<typeof SearchRefinementsSchema>;

export const SearchResponseSchema = z.object({
  results: z.array(ServiceSummarySchema),
  hasMore: z.boolean(),
  totalResults: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  location: ResolvedLocationSchema.nullable(),
  /** Null when the search had no keyword. */
  keyword: KeywordMatchSchema.nullable(),
  coverage: CoverageSchema,
  /** Set when the chosen (or keyword-named) category has no real service in the area. */
  categoryGap: CategoryGapSchema.nullable(),
  /**
   * Set when the keyword signals a risk to life: 999 and the crisis lines come before anything
   * else on the page (crisis.ts holds the words).
   */
  crisis: CrisisSchema.nullable(),
  /**
   * National lines for the need, best fit first, only those serving the searcher's nation: the
   * lines whose need words, name or description match the keyword; else those of the category
   * asked for (or named) when the area has none of it; every line, by fit, outside coverage.
   * The crisis lines are in `crisis`, not here again. Decision 027 has the rules.
   */
  helplines: z.array(HelplineSchema),
  /** Where the page shows `helplines` and `helplineNotice`; null when there are neither. */
  helplinePlacement: HelplinePlacementSchema.nullable(),
  /** Plain words about the lines chosen ("Locals has no debt line for Scotland yet ..."). */
  helplineNotice: z.string().nullable(),
  /** On page 1 of a covered place's search; null on later pages and where nothing is covered. */
  refinements: SearchRefinementsSchema.nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * Each contact field's own source: an open-data record may take its phone from the NHS register
 * and its website from the NHS website's older files. Empty for a listing its provider wrote.
 */
export const ContactSourcesSchema = z.object({
  phone: FieldSourceSchema.optional(),
  website: FieldSourceSchema.optional(),
  email: FieldSourceSchema.optional(),
});
export type ContactSources = z.infer<typeof ContactSourcesSchema>;

export const ServiceDetailSchema = ServiceSummarySchema.extend({
  provider: z.string().nullable(),
  reviewDate: z.string().nullable(),
  fullDescription: z.string().nullable(),
  mainServices: z.array(z.string()),
  otherServices: z.array(z.string()),
  serving: z.array(z.string()),
  status: z.string().nullable(),
  statusDetails: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  contactSources: ContactSourcesSchema,
  images: z.array(z.string()),
  ageRange: z
    .object({
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      /**
       * 'name': read from the service's name by Locals' rules (decision 044: "children's centre"
       * is 0 to 4), as the open-data files state no ages; 'record': as the record states them.
       * Optional so details built before it stay valid.
       */
      basis: z.enum(['name', 'record']).optional(),
    })
    .nullable(),
  verificationStatus: z.string().nullable(),
  accessibility: z.array(z.string()),
  languages: z.array(z.string()),
  areaName: z.string().nullable(),
  provenance: z.object({
    source: z.string(),
    sourceName: z.string().nullable(),
    licence: z.string(),
    lastUpdated: z.string().nullable(),
    /**
     * The other records of the same place (same kind of service, name and postcode; decision
     * 028), each with its source: the search shows the place once. The API always sends it
     * (empty for most services); optional so details built before it stay valid.
     */
    alsoFrom: z
      .array(
        z.object({
          source: z.string(),
          sourceName: z.string().nullable(),
          sourceRecordId: z.string().nullable(),
          licence: z.string(),
          lastUpdated: z.string().nullable(),
        }),
      )
      .optional(),
  }),
});
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;

export const ServiceDetailResponseSchema = z.object({
  success: z.literal(true),
  data: ServiceDetailSchema,
});

export const ServiceIdParamsSchema = z.object({
  id: textField('The service id', 'The service id is missing')
    .min(1, { error: 'The service id is missing' })
    .max(MAX_SERVICE_ID_LENGTH, {
      error: 'A service id is at most 200 characters. Check the link you followed.',
    }),
});

/** GET /api/geocode/reverse: a point in or near the UK. */
export const ReverseGeocodeQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'lat must be a number' })
    .min(49, { error: 'That location is outside the UK' })
    .max(61, { error: 'That location is outside the UK' }),
  lng: z.coerce
    .number({ error: 'lng must be a number' })
    .min(-9, { error: 'That location is outside the UK' })
    .max(3, { error: 'That location is outside the UK' }),
});

export const ReverseGeocodeResponseSchema = z.object({
  postcode: z.string(),
  outcode: z.string(),
  areaName: z.string().nullable(),
  precision: LocationPrecisionSchema,
});
export type ReverseGeocodeResponse = z.infer<typeof ReverseGeocodeResponseSchema>;
