import { randomUUID } from 'node:crypto';
import type { Route } from '@locals/contracts/route';
import * as moderation from '@locals/contracts/routes/moderation';
import {
  listPendingEvents,
  publishEvent,
  refuseEvent,
} from '@locals/contracts/routes/organiser-events';
import { providerApplications } from '@locals/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdmin } from '../../cli/admin-command';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from '../auth/roles.repository';

// Wednesday 8 April 2026, 11:00 in London: after Easter (Good Friday 3 April, Easter Monday 6).
const NOW = new Date('2026-04-08T10:00:00Z');

const aListing = {
  name: 'Matrix Pantry',
  description: 'Food parcels.',
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: '',
  website: '',
  address: '1 Broad Street, Bristol',
  postcode: 'BS1 4DJ',
  openingHours: '',
};

const anApplication = (
  organizationName: string,
  createdAt: string,
  status: 'received' | 'approved' | 'rejected' = 'received',
) => ({
  organizationName,
  contactName: 'Jo Bloggs',
  email: `${organizationName.toLowerCase().replace(/\W+/g, '-')}@example.org`,
  phone: '0117 496 0000',
  website: null,
  address: '1 Broad Street, Bristol BS1 2HA',
  services: 'Advice',
  description: 'Free advice for everyone.',
  status,
  createdAt: new Date(createdAt),
});

describe('moderation', () => {
  const testApp = useTestApp({ now: () => NOW, sleep: async () => {} });
  let resident: SignedInUser;
  let moderator: SignedInUser;

  beforeAll(async () => {
    resident = await signedInUser(testApp.app);
    moderator = await signedInUser(testApp.app);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
  });

  /** Every route the OpenAPI document tags 'moderation', so a new one joins the matrix. */
  const moderationRoutes = () => {
    const document = testApp.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('moderation'))
        // OpenAPI writes a parameter as {id}; the contracts and Fastify write :id.
        .map(([method]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, ':$1'),
        })),
    );
  };

  describe('who may use each moderation route', () => {
    it('covers every route of the moderation contract', () => {
      const routes = moderationRoutes().map(({ method, path }) => `${method} ${path}`);
      // The events queue's routes are in organisers' events' contract (decision 038).
      const eventsQueue = [listPendingEvents, publishEvent, refuseEvent];
      const contracted = [...Object.values(moderation), ...eventsQueue].map(
        (route: Route) => `${route.method} ${route.path}`,
      );
      expect(routes.sort()).toEqual(contracted.sort());
    });

    /** A well-formed request to each route, so only the role decides; the ids match nothing. */
    const requestTo = ({ method, path }: { method: string; path: string }) => {
      const id = path.includes('provider-edits') ? '999999' : randomUUID();
      const url = path.replace(':id', id);
      const bodies: Record<string, object> = {
        approve: { listing: aListing },
        reject: { reason: 'Not a local service.' },
        decision: { decision: 'rejected' },
        refuse: { reason: 'Not a community event.' },
      };
      const body = method === 'POST' ? (bodies[path.split('/').at(-1) ?? ''] ?? {}) : undefined;
      return { method: method as 'GET' | 'POST', url, body };
    };

    it.each([
      ['a visitor', 401, 'unauthenticated'],
      ['a signed-in resident', 403, 'forbidden'],
    ] as const)('%s gets %i', async (who, status, code) => {
      const client = who === 'a visitor' ? aVisitor(testApp.app) : resident;
      for (const route of moderationRoutes()) {
        const { method, url, body } = requestTo(route);
        const response = await client.send(method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
        expect(response.json()).toMatchObject({ code });
      }
    });

    it('a moderator gets past the role check on every route', async () => {
      for (const route of moderationRoutes()) {
        const { method, url, body } = requestTo(route);
        const response = await moderator.send(method, url, body);
        const expected = method === 'GET' && !url.includes('/applications/') ? 200 : 404;
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(expected);
      }
    });

    it('tells a resident the route is for moderators', async () => {
      const response = await resident.call(moderation.listPendingApplications, {});
      expect(await checkReply(moderation.listPendingApplications, response, 403)).toEqual({
        code: 'forbidden',
        message: 'Only moderators can do this. Ask an administrator if you need moderator access.',
      });
    });

    it('stops answering a moderator whose role is revoked', async () => {
      const former = await signedInUser(testApp.app);
      const roles = createRolesRepository(testApp.database.db);
      await roles.grant(former.id, 'moderator');
      expect((await former.call(moderation.listAuditLog, { query: {} })).statusCode).toBe(200);
      await roles.revoke(former.id, 'moderator');
      expect((await former.call(moderation.listAuditLog, { query: {} })).statusCode).toBe(403);
    });
  });

  describe('GET /api/moderation/applications', () => {
    it('lists pending applications oldest first, aged in business days, overdue past 2', async () => {
      await testApp.database.db.insert(providerApplications).values([
        // Received Wednesday 1 April: Thursday 2, Tuesday 7, Wednesday 8 (Easter between).
        anApplication('Wednesday Before Easter', '2026-04-01T09:00:00Z'),
        // Received Thursday 2 April: Tuesday 7 and Wednesday 8 only.
        anApplication('Thursday Before Easter', '2026-04-02T15:00:00Z'),
        anApplication('This Morning', '2026-04-08T08:00:00Z'),
        // Received Friday 27 March: a weekend, four working days, Easter, two more.
        anApplication('Friday Before', '2026-03-27T16:00:00Z'),
        anApplication('Already Approved', '2026-03-02T09:00:00Z', 'approved'),
      ]);

      const response = await moderator.call(moderation.listPendingApplications, {});
      const body = await checkReply(moderation.listPendingApplications, response, 200);

      expect(
        body.applications.map(({ organizationName, ageBusinessDays, overdue }) => ({
          organizationName,
          ageBusinessDays,
          overdue,
        })),
      ).toEqual([
        { organizationName: 'Friday Before', ageBusinessDays: 6, overdue: true },
        { organizationName: 'Wednesday Before Easter', ageBusinessDays: 3, overdue: true },
        { organizationName: 'Thursday Before Easter', ageBusinessDays: 2, overdue: false },
        { organizationName: 'This Morning', ageBusinessDays: 0, overdue: false },
      ]);
      expect(body).toMatchObject({ total: 4, overdueCount: 2 });
      expect(body.applications[0]).toEqual({
        id: expect.any(String) as unknown,
        organizationName: 'Friday Before',
        contactName: 'Jo Bloggs',
        email: 'friday-before@example.org',
        phone: '0117 496 0000',
        website: null,
        address: '1 Broad Street, Bristol BS1 2HA',
        services: 'Advice',
        description: 'Free advice for everyone.',
        status: 'received',
        createdAt: '2026-03-27T16:00:00.000Z',
        ageBusinessDays: 6,
        overdue: true,
      });
    });
  });

  describe('GET /api/moderation/audit', () => {
    it('shows what the command line did, newest first, a page at a time', async () => {
      const person = await signedInUser(testApp.app);
      const admin = (...args: string[]) => runAdmin(testApp.database.db, parseAdminArgs(args));
      await admin('grant-moderator', person.email);
      await admin('revoke-moderator', person.email);

      const first = await checkReply(
        moderation.listAuditLog,
        await moderator.call(moderation.listAuditLog, { query: { page: 1, pageSize: 1 } }),
        200,
      );
      expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1, hasMore: true });
      expect(first.entries).toEqual([
        {
          id: expect.any(Number) as unknown,
          at: expect.any(String) as unknown,
          actorUserId: null,
          actor: 'command line',
          action: 'revoke-moderator',
          entityType: 'user',
          entityId: person.id,
          before: { email: person.email, moderator: true },
          after: { email: person.email, moderator: false },
        },
      ]);
      const second = await checkReply(
        moderation.listAuditLog,
        await moderator.call(moderation.listAuditLog, { query: { page: 2, pageSize: 1 } }),
        200,
      );
      expect(second.entries.map((entry) => entry.action)).toEqual(['grant-moderator']);
      expect(second.hasMore).toBe(false);
    });

    it('refuses a page size it does not serve', async () => {
      const response = await moderator.call(moderation.listAuditLog, {
        query: { page: 1, pageSize: 1000 },
      });
      await checkReply(moderation.listAuditLog, response, 400);
    });
  });
});
