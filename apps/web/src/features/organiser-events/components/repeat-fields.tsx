import { EVENT_REPEATS } from '@locals/contracts/organiser-events';
import clsx from 'clsx';
import { errorId, hintId } from '@/components/ui/field';
import { EVENT_FIELD_TEXT, REPEAT_TEXT, eventFieldId } from '../event-form-text';

type RepeatRadiosProps = {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
};

/** GOV.UK radios: one fieldset, its legend the question; the first radio is what errors link to. */
export function RepeatRadios({ value, error, onChange }: RepeatRadiosProps) {
  const id = eventFieldId('repeatFrequency');
  return (
    <div className={clsx('mb-5', error && 'border-l-4 border-danger pl-3')}>
      <fieldset aria-describedby={error ? errorId(id) : undefined}>
        <legend className="mb-1 text-lg font-bold">{EVENT_FIELD_TEXT.repeatFrequency.label}</legend>
        {error && (
          <p id={errorId(id)} className="mb-2 font-bold text-danger">
            <span className="sr-only">Error:</span> {error}
          </p>
        )}
        {EVENT_REPEATS.map((repeat, index) => {
          const radioId = index === 0 ? id : `${id}-${repeat}`;
          const { label, hint } = REPEAT_TEXT[repeat];
          return (
            <div key={repeat} className="mb-3 flex items-start gap-3">
              <input
                id={radioId}
                type="radio"
                name="repeatFrequency"
                value={repeat}
                checked={value === repeat}
                onChange={() => onChange(repeat)}
                aria-describedby={hint ? hintId(radioId) : undefined}
                className="mt-1 size-7 shrink-0 accent-brand"
              />
              <div>
                <label htmlFor={radioId} className="text-lg">
                  {label}
                </label>
                {hint && (
                  <p id={hintId(radioId)} className="text-muted">
                    {hint}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
