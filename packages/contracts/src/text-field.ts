import { z } from 'zod';

/**
 * A string field whose type error says what went wrong: "{label} is required" when it is missing
 * (or null), "{label} must be text" when it is a number, a list or anything else.
 */
export const textField = (label: string, whenMissing = `${label} is required`) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? whenMissing : `${label} must be text`,
  });
