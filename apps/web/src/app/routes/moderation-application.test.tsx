import type { ApplicationDetail } from '@locals/contracts/moderation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_ID,
  asModerator,
  buildApplicationDetail,
} from '@/features/moderation/testing/moderation-factories';
import { buildUser, signedInAs } from '@/testing/auth';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const standIn = await vi.hoisted(
  () => import('@/features/moderation/testing/position-map-stand-in'),
);
vi.mock('@/features/moderation/components/position-map', () => standIn);

const LAZY = { timeout: 5000 };
const PAGE = `/moderation/applications/${APPLICATION_ID}`;
const DETAIL = `GET /api/moderation/applications/${APPLICATION_ID}`;
const APPROVE = `/api/moderation/applications/${APPLICATION_ID}/approve`;
const REJECT = `/api/moderation/applications/${APPLICATION_ID}/reject`;
const TILES = { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: 'Example' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

preloadRoutes(PAGE);

function stubApplication(
  detail: ApplicationDetail,
  writes: Record<string, (request: RecordedRequest) => Response> = {},
) {
  return stubApi({
    'GET /api/auth/me': asModerator,
    'GET /api/config': () => jsonResponse({ map: TILES }),
    [DETAIL]: () => jsonResponse(detail),
    ...writes,
  });
}

const decided = (overrides: Partial<ApplicationDetail>) =>
  buildApplicationDetail({
    decidedAt: '2026-11-25T10:00:00.000Z',
    decidedBy: 'other-mod@example.org',
    ...overrides,
  });

async function openPage() {
  renderApp(PAGE);
  return screen.findByRole(
    'heading',
    { level: 1, name: 'Application from Easton Food Bank' },
    LAZY,
  );
}

describe('/moderation/applications/:id', () => {
  it('shows every field, possible duplicates with why they matched, and the position on a map', async () => {
    stubApplication(
      buildApplicationDetail({
        duplicates: [
          {
            id: 'ods:F1',
            name: 'Easton Food Bank',
            address: '3 Church Road',
            postcode: 'BS5 9JA',
            reasons: ['name'],
          },
          {
            id: 'ods:F2',
            name: 'Stapleton Road Pantry',
            address: '10 Stapleton Road',
            postcode: 'BS5 0QL',
            reasons: ['name', 'postcode'],
          },
        ],
      }),
    );
    expect(await openPage()).toBeVisible();

    const sent = screen.getByRole('region', { name: 'What they sent' });
    for (const text of [
      'Grace Hopper',
      'grace@eastonfood.example',
      '0117 496 0000',
      'https://eastonfood.example',
      '12 Stapleton Road, Bristol BS5 0QL',
      'BS5 0QL',
      'Food parcels on Tuesdays',
      'A food bank run by volunteers.',
    ]) {
      expect(within(sent).getByText(text)).toBeVisible();
    }
    expect(within(sent).getByText('20 November 2026').closest('dd')).toHaveTextContent(
      '20 November 2026 (3 business days ago)',
    );
    expect(screen.getByText('Waiting')).toBeVisible();
    const duplicates = screen.getByRole('region', { name: 'Possible duplicates' });
    const [byName, byBoth] = within(duplicates).getAllByRole('listitem');
    expect(byName).toHaveTextContent('3 Church Road, BS5 9JA');
    expect(byName).toHaveTextContent('Why it matched: Same name');
    expect(byBoth).toHaveTextContent('Why it matched: Same name and Same postcode');
    expect(
      await screen.findByRole('region', { name: 'Map of postcode BS5 0QL' }),
    ).toHaveTextContent('Map at 51.466, -2.563 with tiles https://tiles.example/{z}/{x}/{y}.png');
    await waitFor(() => expect(document.title).toBe('Application from Easton Food Bank – Locals'));
  });

  it.each([
    ['BS5 0QL', 'Locals could not place BS5 0QL on the map.'],
    [null, 'Locals could not place this address on the map.'],
  ])('says when the postcode %s has no position, with no map', async (postcode, message) => {
    stubApplication(buildApplicationDetail({ postcode, position: null }));
    await openPage();

    expect(screen.getByText(message, { exact: false })).toBeVisible();
    expect(screen.getByText('No listings share this name or postcode.')).toBeVisible();
    expect(screen.queryByRole('region', { name: /Map of postcode/ })).not.toBeInTheDocument();
  });

  it('needs a reason to reject, then sends it once with an Idempotency-Key', async () => {
    const { requests } = stubApplication(buildApplicationDetail(), {
      [`POST ${REJECT}`]: ({ body }) =>
        jsonResponse({
          application: decided({
            status: 'rejected',
            rejectionReason: (body as { reason: string }).reason,
          }),
        }),
    });
    await openPage();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Reject application' }));

    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('Enter the reason for rejecting the application');
    expect(callsTo(requests, 'POST', REJECT)).toHaveLength(0);

    await user.type(
      screen.getByRole('textbox', { name: 'Reason for rejecting' }),
      'We only list services in Bristol.',
    );
    await user.click(screen.getByRole('button', { name: 'Reject application' }));

    expect(
      await screen.findByText('Rejected. We have emailed grace@eastonfood.example the reason.'),
    ).toBeVisible();
    const [sent] = callsTo(requests, 'POST', REJECT);
    expect(sent?.body).toEqual({ reason: 'We only list services in Bristol.' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.queryByRole('button', { name: 'Reject application' })).not.toBeInTheDocument();
  });

  it('keeps the reason after a lost connection and sends it again with the same key', async () => {
    let attempts = 0;
    const { requests } = stubApplication(buildApplicationDetail(), {
      [`POST ${REJECT}`]: () => {
        attempts += 1;
        return attempts <= 4
          ? networkError()
          : jsonResponse({ application: decided({ status: 'rejected', rejectionReason: 'No.' }) });
      },
    });
    await openPage();
    const user = userEvent.setup();
    const reason = screen.getByRole('textbox', { name: 'Reason for rejecting' });
    await user.type(reason, 'Not a local service.');

    await user.click(screen.getByRole('button', { name: 'Reject application' }));

    expect(await screen.findByText(/We could not reach Locals/)).toBeVisible();
    expect(reason).toHaveValue('Not a local service.');
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText(/^Rejected\. We have emailed/)).toBeVisible();
    const keys = callsTo(requests, 'POST', REJECT).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
  });

  it('approves with the listing as the moderator edited it', async () => {
    const { requests } = stubApplication(buildApplicationDetail({ website: null }), {
      [`POST ${APPROVE}`]: () =>
        jsonResponse({ application: decided({ status: 'approved', serviceId: 'locals:abc' }) }),
    });
    await openPage();
    const user = userEvent.setup();
    const approve = screen.getByRole('region', { name: 'Approve' });
    const name = within(approve).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Easton Food Bank');
    expect(within(approve).getByRole('textbox', { name: 'Postcode' })).toHaveValue('BS5 0QL');

    await user.clear(name);
    await user.type(name, 'Easton Community Food Bank');
    await user.click(within(approve).getByRole('checkbox', { name: 'Food' }));
    await user.type(
      within(approve).getByRole('textbox', { name: 'Opening hours' }),
      'Tue 10:00-14:00',
    );
    await user.click(within(approve).getByRole('button', { name: 'Approve and publish listing' }));

    const outcome = await screen.findByRole('status', { name: '' });
    expect(
      await screen.findByText('Approved. Easton Community Food Bank is now listed.'),
    ).toBeVisible();
    expect(outcome).toHaveFocus();
    const [sent] = callsTo(requests, 'POST', APPROVE);
    expect(sent?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(sent?.body).toEqual({
      listing: {
        name: 'Easton Community Food Bank',
        description: 'A food bank run by volunteers.',
        categories: ['food'],
        phones: ['0117 496 0000'],
        email: 'grace@eastonfood.example',
        website: '',
        address: '12 Stapleton Road, Bristol BS5 0QL',
        postcode: 'BS5 0QL',
        openingHours: 'Tue 10:00-14:00',
      },
    });
    expect(
      screen.getByRole('link', { name: 'Search near BS5 0QL to see the listing' }),
    ).toHaveAttribute('href', expect.stringContaining('serviceId=locals%3Aabc'));
  });

  it("shows the API's message when it cannot publish (400), keeping the fields", async () => {
    stubApplication(buildApplicationDetail(), {
      [`POST ${APPROVE}`]: () =>
        jsonResponse(
          { code: 'bad_request', message: 'Locals cannot place the postcode BS5 0QL on the map.' },
          400,
        ),
    });
    await openPage();
    const user = userEvent.setup();
    const approve = screen.getByRole('region', { name: 'Approve' });
    await user.click(within(approve).getByRole('checkbox', { name: 'Food' }));

    await user.click(within(approve).getByRole('button', { name: 'Approve and publish listing' }));

    expect(
      await within(approve).findByText('Locals cannot place the postcode BS5 0QL on the map.'),
    ).toBeVisible();
    expect(within(approve).getByRole('checkbox', { name: 'Food' })).toBeChecked();
  });

  it('says so when another moderator decided first (409), and shows their decision', async () => {
    let decidedElsewhere = false;
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/config': () => jsonResponse({ map: TILES }),
      [DETAIL]: () =>
        jsonResponse(
          decidedElsewhere
            ? decided({ status: 'rejected', rejectionReason: 'Duplicate of ods:F1.' })
            : buildApplicationDetail(),
        ),
      [`POST ${REJECT}`]: () => {
        decidedElsewhere = true;
        return jsonResponse(
          { code: 'conflict', message: 'This application has already been decided.' },
          409,
        );
      },
    });
    await openPage();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting' }), 'No.');

    await user.click(screen.getByRole('button', { name: 'Reject application' }));

    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent(
      'This application has already been decided.',
    );
    expect(await screen.findByText('Duplicate of ods:F1.')).toBeVisible();
    expect(screen.getByText(/Rejected by other-mod@example.org on 25 November 2026/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reject application' })).not.toBeInTheDocument();
  });

  it('shows an earlier approval instead of the forms', async () => {
    stubApplication(decided({ status: 'approved', serviceId: 'locals:abc' }));
    await openPage();

    expect(
      screen.getByText('Approved by other-mod@example.org on 25 November 2026.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the listing' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject application' })).not.toBeInTheDocument();
  });

  it('shows the no-access page to someone who is not a moderator', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs(buildUser(), ['provider']) });
    renderApp(PAGE);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'You need to be a moderator to see this page' },
        LAZY,
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', DETAIL.slice(4))).toHaveLength(0);
  });
});
