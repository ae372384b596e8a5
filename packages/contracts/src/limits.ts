/**
 * How long what people write may be. Without zod, so forms can count characters without loading
 * the schemas that enforce these limits on the server.
 */
export const MAX_NOTE_LENGTH = 5000;
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_SUGGESTION_LENGTH = 2000;
