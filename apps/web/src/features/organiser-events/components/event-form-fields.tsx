import { EVENT_CATEGORIES } from '@locals/contracts/event-categories';
import { TICKED } from '@locals/contracts/organiser-events';
import type { EventFormField, EventFormValues } from '@locals/contracts/organiser-events';
import type { ReactNode } from 'react';
import {
  CheckboxField,
  PostcodeField,
  SelectField,
  SelectOptions,
  TextAreaField,
  TextField,
} from '@/components/ui/field';
import type { EventFieldErrors } from '../event-form-errors';
import { EVENT_FIELD_TEXT, eventFieldId } from '../event-form-text';
import { RepeatRadios } from './repeat-fields';

type EventFormFieldsProps = {
  values: EventFormValues;
  errors: EventFieldErrors;
  onChange: (field: EventFormField, value: string) => void;
};

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h2 className="mb-4 text-2xl font-bold">{heading}</h2>
      {children}
    </section>
  );
}

/**
 * Every field of the event, named as EVENT_FORM_FIELDS names them: a plain form sends them as
 * they are (decision 036), and the app reads the same text (submissionFromForm).
 */
export function EventFormFields({ values, errors, onChange }: EventFormFieldsProps) {
  /** A text control's id, name, words, value and error, and its change. */
  function field(name: EventFormField) {
    return {
      id: eventFieldId(name),
      name,
      label: EVENT_FIELD_TEXT[name].label,
      hint: EVENT_FIELD_TEXT[name].hint,
      error: errors[name],
      value: values[name],
      onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    };
  }

  /** A checkbox: sends TICKED when ticked, and nothing otherwise. */
  function checkbox(name: 'allDay' | 'registrationRequired') {
    return {
      id: eventFieldId(name),
      name,
      value: TICKED,
      label: EVENT_FIELD_TEXT[name].label,
      hint: EVENT_FIELD_TEXT[name].hint,
      checked: values[name] === TICKED,
      onChange: (event: { target: { checked: boolean } }) =>
        onChange(name, event.target.checked ? TICKED : ''),
    };
  }

  return (
    <>
      <Section heading="About the event">
        <TextField {...field('title')} autoComplete="off" />
        <TextAreaField {...field('description')} rows={6} />
        <SelectField {...field('category')} className="max-w-sm">
          <SelectOptions any="Choose a category" options={EVENT_CATEGORIES} />
        </SelectField>
      </Section>
      <Section heading="When">
        <TextField {...field('date')} type="date" className="max-w-56" />
        <CheckboxField {...checkbox('allDay')} />
        <TextField {...field('startTime')} type="time" className="max-w-40" />
        <TextField {...field('endTime')} type="time" className="max-w-40" />
        <RepeatRadios
          value={values.repeatFrequency}
          error={errors.repeatFrequency}
          onChange={(value) => onChange('repeatFrequency', value)}
        />
        <TextField {...field('repeatUntil')} type="date" className="max-w-56" />
        <TextField {...field('repeatExcept')} autoComplete="off" />
      </Section>
      <Section heading="Where">
        <TextField {...field('venue')} autoComplete="off" />
        <TextAreaField {...field('address')} rows={3} />
        <PostcodeField {...field('postcode')} className="max-w-40" autoComplete="off" />
      </Section>
      <Section heading="Who runs it">
        <TextField {...field('organizerName')} autoComplete="off" />
        <TextField
          {...field('organizerEmail')}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
        <TextField {...field('organizerPhone')} type="tel" autoComplete="tel" />
      </Section>
      <Section heading="Registration and links">
        <CheckboxField {...checkbox('registrationRequired')} />
        <TextField {...field('registrationLink')} type="url" spellCheck={false} />
        <TextField {...field('website')} type="url" spellCheck={false} />
      </Section>
      <Section heading="More details">
        <TextAreaField {...field('accessibility')} rows={4} />
        <TextField {...field('tags')} autoComplete="off" />
      </Section>
    </>
  );
}
