import type { ProviderEdit } from '@locals/contracts/moderation';
import { LISTING_FIELDS } from '@/components/listing-form/listing-form-fields';
import { LISTING_FIELD_LABELS, readableValue } from '../moderation-text';
import { ScrollTable } from './scroll-table';

type FieldChangesProps = { edit: ProviderEdit; caption: string };

/** The fields an edit changed, before and after, in the order the listing form shows them. */
export function FieldChanges({ edit, caption }: FieldChangesProps) {
  const fields = LISTING_FIELDS.filter((field) => field in edit.before || field in edit.after);
  return (
    <ScrollTable caption={caption} columns={['Field', 'Before', 'After']}>
      {fields.map((field) => (
        <tr key={field}>
          <th scope="row">{LISTING_FIELD_LABELS[field]}</th>
          <td className="break-words whitespace-pre-line">
            {readableValue(field, edit.before[field])}
          </td>
          <td className="break-words whitespace-pre-line">
            {readableValue(field, edit.after[field])}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
