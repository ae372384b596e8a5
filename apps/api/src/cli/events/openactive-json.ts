/** Reading feed JSON, where a value may be missing, one thing or a list of them. */
export type Json = Record<string, unknown>;

export function objectOf(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  return value === undefined || value === null ? [] : [value];
}

/** A string or number as trimmed text; anything else as ''. */
export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
