import { z } from 'zod';

/**
 * Structured opening hours: one entry per opening session, in Europe/London local
 * time. `day` is the ISO weekday (1 Monday ... 7 Sunday); `opens`/`closes` are "HH:MM" (24-hour,
 * zero-padded, so they compare as strings); a session that closes at or before it opens runs
 * past midnight into the next day.
 */
export const OpeningSessionSchema = z.object({
  day: z.number().int().min(1).max(7),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  closes: z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/),
});
export type OpeningSession = z.infer<typeof OpeningSessionSchema>;

export const WeeklyHoursSchema = z.object({
  /** What the hours are, when the source says ("Staffed hours"); null otherwise. */
  note: z.string().nullable(),
  sessions: z.array(OpeningSessionSchema),
});
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** Open now, closed now, or not known (no structured hours, or a demo listing). */
export const OpenStateSchema = z.enum(['open', 'closed', 'unknown']);
export type OpenState = z.infer<typeof OpenStateSchema>;
