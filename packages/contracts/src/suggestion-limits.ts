/** Without zod, so the suggestion form can count characters without loading the schemas. */
export const MAX_SUGGESTION_LENGTH = 2000;
