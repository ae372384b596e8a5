import type { FieldErrorItem } from '@/components/ui/error-summary';

export const AGE_MIN_FIELD_ID = 'filter-age-min';
export const AGE_MAX_FIELD_ID = 'filter-age-max';

/** The contracts' age range (0 to 120), restated so the results page need not load zod. */
const OLDEST_AGE = 120;

function isAge(value: string): boolean {
  return /^\d{1,3}$/.test(value) && Number(value) <= OLDEST_AGE;
}

/** The age filter's problems, in GOV.UK's words: what is wrong and how to put it right. */
export function checkAges(ageMin: string, ageMax: string): FieldErrorItem[] {
  const errors: FieldErrorItem[] = [];
  if (ageMin !== '' && !isAge(ageMin))
    errors.push({
      fieldId: AGE_MIN_FIELD_ID,
      message: `Age from must be a whole number from 0 to ${OLDEST_AGE}`,
    });
  if (ageMax !== '' && !isAge(ageMax))
    errors.push({
      fieldId: AGE_MAX_FIELD_ID,
      message: `Age to must be a whole number from 0 to ${OLDEST_AGE}`,
    });
  if (errors.length === 0 && ageMin !== '' && ageMax !== '' && Number(ageMin) > Number(ageMax))
    errors.push({
      fieldId: AGE_MIN_FIELD_ID,
      message: 'Age from must be the same as or less than age to',
    });
  return errors;
}

/** The age problems of a search's criteria as its address gives them: found before any search. */
export function ageErrorsOf(criteria: { ageMin: string; ageMax: string }): FieldErrorItem[] {
  return checkAges(criteria.ageMin.trim(), criteria.ageMax.trim());
}
