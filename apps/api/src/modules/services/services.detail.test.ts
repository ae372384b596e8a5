import { getService } from '@locals/contracts/routes/services';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

describe('GET /api/services/:id', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertServices(testApp.database, [
      aService({
        id: 'ods:F82625',
        name: 'Abbey Medical Centre',
        nameOriginal: 'ABBEY MEDICAL CENTRE',
        provider: 'NHS',
        fullDescription: 'NHS GP practice in Barking and Dagenham.',
        mainServices: ['GP practice'],
        otherServices: ['Vaccinations'],
        serving: ['Everyone'],
        status: 'open',
        website: 'https://abbey.example',
        email: 'abbey@example.org',
        ageMin: 16,
        ageMax: null,
        verificationStatus: 'Listed in the NHS Organisation Data Service register (2023-12)',
        languages: ['English', 'Polish'],
        ladName: 'Barking and Dagenham',
        source: 'nhs-ods',
        sourceName: 'NHS ODS epraccur',
        licence: 'Open Government Licence v3.0',
        sourceUpdated: '2023-12',
      }),
      aService({ id: 'plain', ageMin: null, ageMax: null }),
      aService({ id: 'provider-written', source: 'locals', ageMin: 11, ageMax: 18 }),
      // Written before the importers refused such links (issue 25): still stored, never answered.
      aService({ id: 'old-import', website: 'javascript:alert(document.cookie)' }),
      aService({ id: 'confirmed', source: 'nhs-ods', reviewDate: '2026-10-02' }),
      aService({ id: 'demo:food', source: 'demo', verified: true }),
    ]);
  });
  const visitor = () => aVisitor(testApp.app);

  // Sent by hand: a link may carry the id's colon as it is or encoded.
  it.each([['ods:F82625'], ['ods%3AF82625']])('returns the full detail for %s', async (id) => {
    const response = await visitor().send('GET', `/api/services/${id}`);

    const body = await checkReply(getService, response, 200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      id: 'ods:F82625',
      name: 'Abbey Medical Centre',
      provider: 'NHS',
      fullDescription: 'NHS GP practice in Barking and Dagenham.',
      mainServices: ['GP practice'],
      otherServices: ['Vaccinations'],
      serving: ['Everyone'],
      status: 'open',
      website: 'https://abbey.example',
      email: 'abbey@example.org',
      // No open-data file states ages: an open-data record's come from its name (decision 044).
      ageRange: { min: 16, max: null, basis: 'name' },
      languages: ['English', 'Polish'],
      areaName: 'Barking and Dagenham',
      phone: '0117 000 0000',
      phoneLinks: [{ number: '0117 000 0000', href: 'tel:+441170000000' }],
      distance: null,
      provenance: {
        source: 'nhs-ods',
        sourceName: 'NHS ODS epraccur',
        licence: 'Open Government Licence v3.0',
        lastUpdated: '2023-12',
      },
    });
  });

  it('says ages a record states are its own, not read from its name', async () => {
    const response = await visitor().call(getService, { params: { id: 'provider-written' } });

    expect((await checkReply(getService, response, 200)).data.ageRange).toEqual({
      min: 11,
      max: 18,
      basis: 'record',
    });
  });

  it('has no age range when the service gives neither bound', async () => {
    const response = await visitor().call(getService, { params: { id: 'plain' } });

    expect((await checkReply(getService, response, 200)).data.ageRange).toBeNull();
  });

  it.each([201, 1500])('answers 400 for an id of %i characters', async (length) => {
    const id = `ods:${'A'.repeat(length - 4)}`;

    const response = await visitor().call(getService, { params: { id } });

    const message = 'A service id is at most 200 characters. Check the link you followed.';
    expect(await checkReply(getService, response, 400)).toEqual({
      code: 'validation_error',
      message,
      fieldErrors: { id: [message] },
    });
  });

  it('never answers a stored website that is not http(s), whoever wrote it', async () => {
    const response = await visitor().send('GET', '/api/services/old-import');

    const body = await checkReply(getService, response, 200);
    expect(body.data?.website).toBeNull();
  });

  // Issue 26: "Verified" beside "Not yet checked by Locals" on open-data records.
  it('calls a record verified only when a person confirmed it, and otherwise names its source', async () => {
    const detail = async (id: string) =>
      (await checkReply(getService, await visitor().send('GET', `/api/services/${id}`), 200)).data;

    expect(await detail('ods:F82625')).toMatchObject({
      verified: false,
      listedBy: { source: 'the NHS register', asOf: '2023-12' },
      lastChecked: null,
    });
    expect(await detail('confirmed')).toMatchObject({
      verified: true,
      listedBy: null,
      lastChecked: '2026-10-02',
    });
    expect(await detail('demo:food')).toMatchObject({ verified: false, listedBy: null });
  });

  it('answers 404 with words a person can act on for an unknown id', async () => {
    const response = await visitor().call(getService, { params: { id: 'ods:NOPE' } });

    expect(await checkReply(getService, response, 404)).toEqual({
      code: 'not_found',
      message: 'We could not find that service. It may have been removed.',
    });
  });
});
