import type { AuditEntry } from '@locals/contracts/moderation';
import { generatePath, Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuditLog } from '../api/list-audit-log';
import { actionLabel } from '../audit-actions';
import { fieldLabel, londonDateTime } from '../moderation-text';
import { AuditValues } from './audit-values';
import { BackToModeration } from './back-to-moderation';
import { Pager } from './pager';
import { QueryProblem } from './query-problem';
import { ScrollTable } from './scroll-table';

function AuditSubject({ entry }: { entry: AuditEntry }) {
  const text = `${fieldLabel(entry.entityType)} ${entry.entityId}`;
  if (entry.entityType !== 'application') return <span className="break-all">{text}</span>;
  return (
    <Link
      className="break-all"
      to={generatePath(paths.moderationApplication, { id: entry.entityId })}
    >
      {text}
    </Link>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{londonDateTime(entry.at)}</time>
      </td>
      <td className="break-all">{entry.actor}</td>
      <td>{actionLabel(entry.action)}</td>
      <td>
        <AuditSubject entry={entry} />
      </td>
      <td>
        <AuditValues values={entry.before} />
      </td>
      <td>
        <AuditValues values={entry.after} />
      </td>
    </tr>
  );
}

export function AuditLog({ page }: { page: number }) {
  useDocumentTitle(page > 1 ? `Audit log (page ${page})` : 'Audit log');
  const query = useAuditLog(page);
  if (query.isPending) return <p role="status">Loading the audit log...</p>;
  if (query.isError) {
    return (
      <QueryProblem
        error={query.error}
        what="the audit log"
        onTryAgain={() => void query.refetch()}
      />
    );
  }
  const { entries, hasMore } = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Audit log</h1>
      <p className="mb-6 max-w-prose text-lg">
        Every moderation action, newest first. Times are London time. Nothing can change or remove
        an entry.
      </p>
      {entries.length === 0 ? (
        <p className="text-lg">Nothing has been recorded yet.</p>
      ) : (
        <ScrollTable
          caption={`Moderation actions, newest first (page ${page})`}
          columns={['When', 'Who', 'Action', 'What', 'Before', 'After']}
        >
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ScrollTable>
      )}
      <Pager page={page} hasMore={hasMore} label="Pages of the audit log" />
    </>
  );
}
