/** Without zod, so the review form can count characters without loading the schemas. */
export const MAX_REVIEW_LENGTH = 2000;
