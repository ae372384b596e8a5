import { z } from 'zod';

/**
 * C0 controls, DEL and C1 controls. PostgreSQL cannot store NUL in text at all (a NUL byte once
 * gave a 500 on 22 operations), and none of the others belongs in a form field or a link.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line text keeps its layout: tabs and line breaks (\r too, as pasted Windows text has). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_EXCEPT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export type TextRules = { multiline?: boolean };

export function hasControlCharacters(value: string, { multiline = false }: TextRules = {}) {
  return (multiline ? CONTROL_CHARACTERS_EXCEPT_LAYOUT : CONTROL_CHARACTERS).test(value);
}

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;

export type TextFieldOptions = TextRules & { whenMissing?: string };

/**
 * A string field whose type error says what went wrong: "{label} is required" when it is missing
 * (or null), "{label} must be text" when it is a number, a list or anything else. Control
 * characters are refused, except tabs and line breaks in a multi-line field.
 */
export const textField = (label: string, options: string | TextFieldOptions = {}) => {
  const { whenMissing = `${label} is required`, multiline = false } =
    typeof options === 'string' ? { whenMissing: options } : options;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? whenMissing : `${label} must be text`,
    })
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      error: controlCharactersMessage(label),
      abort: true,
    });
};

export type LimitedTextOptions = TextRules & { label: string; max: number };

export const tooLongMessage = (label: string, max: number) =>
  `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`;

/**
 * Required, trimmed text with its one length limit: the same rule in the browser, the API and
 * the importer. The messages name the field as the person saw it.
 */
export const limitedText = ({ label, max, multiline = false }: LimitedTextOptions) =>
  textField(label, { multiline })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: tooLongMessage(label, max) });
