import { fieldLabel, readableValue } from '../moderation-text';

/** A recorded before or after as 'Field: value' lines, or 'Nothing' when there was none. */
export function AuditValues({ values }: { values: Record<string, unknown> | null }) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return <span className="text-muted">Nothing</span>;
  return (
    <ul className="space-y-1">
      {entries.map(([field, value]) => (
        <li key={field} className="break-words whitespace-pre-line">
          <span className="font-bold">{fieldLabel(field)}:</span> {readableValue(field, value)}
        </li>
      ))}
    </ul>
  );
}
