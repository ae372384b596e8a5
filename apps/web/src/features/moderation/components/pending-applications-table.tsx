import type { PendingApplication } from '@locals/contracts/moderation';
import { generatePath, Link } from 'react-router';
import { paths } from '@/config/paths';
import { longDate } from '@/lib/long-date';
import { businessDays } from '../moderation-text';
import { ScrollTable } from './scroll-table';
import { Tag } from './tag';

export function PendingApplicationsTable({ applications }: { applications: PendingApplication[] }) {
  if (applications.length === 0) {
    return <p className="mb-8 text-lg">No applications are waiting.</p>;
  }
  return (
    <ScrollTable
      caption="Applications waiting, oldest first"
      columns={['Organisation', 'Received', 'Waiting', 'Contact email']}
    >
      {applications.map((application) => (
        <tr key={application.id}>
          <th scope="row" className="font-normal">
            <Link to={generatePath(paths.moderationApplication, { id: application.id })}>
              {application.organizationName}
            </Link>
          </th>
          <td>
            <time dateTime={application.createdAt}>{longDate(application.createdAt)}</time>
          </td>
          <td>
            <span className="mr-2">{businessDays(application.ageBusinessDays)}</span>
            {application.overdue && <Tag tone="warning">Overdue</Tag>}
          </td>
          <td className="break-all">{application.email}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
