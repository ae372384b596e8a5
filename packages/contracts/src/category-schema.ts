import { z } from 'zod';
import { CATEGORIES, type CategoryId } from './categories';

/** One of the 12 fixed categories (categories.ts, which pages import without zod). */
export const CategoryIdSchema = z.enum(
  CATEGORIES.map((category) => category.id) as [CategoryId, ...CategoryId[]],
  { error: 'Choose one of the listed categories' },
);
