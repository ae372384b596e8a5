import { randomUUID } from 'node:crypto';
import type { ListingFields, ListingValues } from '@locals/contracts/listing';
import type { Db } from '@locals/db/client';
import { services } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import {
  changedFields,
  listingColumns,
  listingFieldsOf,
  type PlacedPostcode,
} from './listing-fields';

/** Listings a moderator approved: the organisation gave the details, a moderator checked them. */
export const LOCALS_SOURCE = 'locals';
export const LOCALS_LICENCE =
  'Provided by the organisation and checked by a Locals moderator; Open Government Licence v3.0';

/** Finds where a postcode is; null when Locals cannot place it on its own point. */
export type PlacePostcode = (postcode: string) => Promise<PlacedPostcode | null>;

/** A listing's postcode Locals cannot place: a 400 the person can act on. */
export class UnplaceablePostcodeError extends Error {
  constructor(readonly postcode: string) {
    super(
      `Locals cannot find where ${postcode} is, so the listing could not be put on the map. Check the postcode and try again.`,
    );
  }
}

type ServiceRow = typeof services.$inferSelect;

/**
 * Writes of a listing's editable fields (decision 024): creating one from an application, and
 * changing one by its provider or a moderator. Each takes the caller's transaction, so the audit
 * entry commits with the change. Every write checks the listing today.
 */
export function createListingsRepository(place: PlacePostcode) {
  async function placed(postcode: string): Promise<PlacedPostcode> {
    const found = await place(postcode);
    if (!found) throw new UnplaceablePostcodeError(postcode);
    return found;
  }

  return {
    async find(db: Db, id: string): Promise<ServiceRow | null> {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      return row ?? null;
    },

    /** A new verified listing, findable by postcode as soon as the transaction commits. */
    async create(
      db: Db,
      fields: ListingFields,
      { today, provider }: { today: string; provider: string },
    ): Promise<ServiceRow> {
      const columns = listingColumns(fields, await placed(fields.postcode), noKind, today);
      const [row] = await db
        .insert(services)
        .values({
          ...columns,
          id: `locals-${randomUUID()}`,
          provider,
          verified: true,
          verificationStatus: `Checked by a Locals moderator on ${today}`,
          source: LOCALS_SOURCE,
          sourceName: 'Locals',
          licence: LOCALS_LICENCE,
          sourceUpdated: today,
        })
        .returning();
      if (!row) throw new Error('A new listing was not stored');
      return row;
    },

    /**
     * Sets the listing's fields (all of them, or the ones given); null when there is no such
     * listing. Answers what changed, each side holding only the changed fields.
     */
    async update(
      db: Db,
      id: string,
      fields: Partial<ListingValues>,
      { today }: { today: string },
    ): Promise<{
      row: ServiceRow;
      before: Partial<ListingValues>;
      after: Partial<ListingValues>;
    } | null> {
      const [current] = await db.select().from(services).where(eq(services.id, id)).for('update');
      if (!current) return null;
      const was = listingFieldsOf(current);
      const next = { ...was, ...fields };
      const place =
        next.postcode === current.postcode &&
        current.latitude !== null &&
        current.longitude !== null
          ? {
              postcode: current.postcode,
              latitude: current.latitude,
              longitude: current.longitude,
              areaName: current.ladName,
            }
          : await placed(next.postcode);
      const columns = listingColumns(
        next,
        place,
        { serviceTypes: current.serviceTypes, mainServices: current.mainServices },
        today,
      );
      // Hours the provider did not touch keep the structure they were imported with.
      if (next.openingHours === was.openingHours) {
        columns.openingHours = current.openingHours;
        columns.weeklyHours = current.weeklyHours;
      }
      const [row] = await db.update(services).set(columns).where(eq(services.id, id)).returning();
      if (!row) return null;
      return { row, ...changedFields(was, next) };
    },
  };
}

const noKind = { serviceTypes: [], mainServices: [] };
