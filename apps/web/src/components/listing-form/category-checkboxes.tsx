import { CATEGORIES } from '@locals/contracts/categories';
import clsx from 'clsx';
import { CheckboxField, errorId, hintId } from '@/components/ui/field';

type CategoryCheckboxesProps = {
  /** The first checkbox's id, which an error summary links to. */
  id: string;
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
};

/** GOV.UK checkboxes: one fieldset, its legend the question, one box for each of the 12 categories. */
export function CategoryCheckboxes({
  id,
  legend,
  hint,
  error,
  selected,
  onChange,
}: CategoryCheckboxesProps) {
  const describedBy = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);

  function toggle(category: string, isChecked: boolean) {
    // Kept in the categories' own order, whatever order they were ticked in.
    const next = new Set(selected);
    if (isChecked) next.add(category);
    else next.delete(category);
    onChange(CATEGORIES.map((item) => item.id).filter((item) => next.has(item)));
  }

  return (
    <div className={clsx('mb-5', error && 'border-l-4 border-danger pl-3')}>
      <fieldset aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}>
        <legend className="mb-1 text-lg font-bold">{legend}</legend>
        {hint && (
          <p id={hintId(id)} className="mb-2 text-muted">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId(id)} className="mb-2 font-bold text-danger">
            <span className="sr-only">Error:</span> {error}
          </p>
        )}
        <div className="grid sm:grid-cols-2 sm:gap-x-6">
          {CATEGORIES.map((category, index) => (
            <CheckboxField
              key={category.id}
              id={index === 0 ? id : `${id}-${category.id}`}
              name="categories"
              value={category.id}
              label={category.label}
              checked={selected.includes(category.id)}
              onChange={(event) => toggle(category.id, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
