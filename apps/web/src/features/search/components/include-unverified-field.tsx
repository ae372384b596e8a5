import { CheckboxField } from '@/components/ui/field';

type IncludeUnverifiedFieldProps = {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** The search's choice to list services our team has not checked as well. */
export function IncludeUnverifiedField({ id, checked, onChange }: IncludeUnverifiedFieldProps) {
  return (
    <CheckboxField
      id={id}
      name="includeUnverified"
      value="true"
      label="Include unchecked listings"
      hint="Services our team has not checked yet. They are clearly labelled."
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
