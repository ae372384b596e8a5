import { listHelplines } from '@locals/contracts/routes/helplines';
import type { SearchQueryInput } from '@locals/contracts/search';
import { helplines } from '@locals/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import {
  aService,
  insertBristolGeography,
  insertDistricts,
  insertServices,
} from '../../testing/directory-fixtures';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

/** Lines as helplines.csv has them, in miniature: need words, nations, hours confirmed or not. */
const LINES = [
  {
    id: 'samaritans',
    organisation: 'Samaritans',
    needWords: [
      'suicide',
      'suicidal',
      'want to die',
      'lonely',
      'cannot cope',
      'someone to talk to',
    ],
    nations: 'UK-wide',
    hours: '24 hours a day, every day of the year',
    categories: ['mentalhealth'],
  },
  {
    id: 'shout-85258',
    organisation: 'Mental Health Innovations',
    phone: null,
    text: '85258 (text the word SHOUT)',
    needWords: ['suicide', 'crisis', 'anxiety'],
    nations: 'UK-wide',
    hours: '24/7',
    categories: ['mentalhealth'],
  },
  {
    id: 'nhs-111-mental-health',
    organisation: 'NHS',
    needWords: ['mental health crisis', 'suicidal'],
    nations: 'England',
    hours: '24 hours a day, 7 days a week',
    categories: ['mentalhealth', 'health'],
  },
  {
    id: 'stepchange',
    organisation: 'StepChange',
    needWords: ['debt', 'debts', 'debt advice', 'bailiffs'],
    nations: 'England',
    hours: null,
    categories: ['socialcare'],
  },
  {
    id: 'trussell',
    organisation: 'Trussell',
    needWords: ['food bank', 'cannot afford food', 'hardship'],
    nations: 'England and Wales',
    hours: 'Monday to Friday, 9am to 5pm',
    categories: ['food'],
  },
].map((line, position) => ({
  phone: '0800 000 000',
  text: null,
  ...line,
  position,
  service: `${line.organisation} line`,
  helpsWith: `${line.organisation} helps people.`,
  sourceUrls: [`https://${line.id}.example/contact`],
  sourceSeen: 'undated',
}));

const SERVICES = [
  aService({
    id: 'dentist',
    name: 'Harbour Dental Practice',
    description: 'NHS dental practice: check-ups and health advice.',
    serviceTypes: ['Dentist'],
    ...north(0.2),
  }),
  aService({
    id: 'pharmacy',
    name: 'Harbour Pharmacy',
    description: 'Community pharmacy: prescriptions and health checks.',
    serviceTypes: ['Pharmacy'],
    ...north(0.1),
  }),
];

describe('national lines for needs, and the crisis panel (issue 24, decision 027)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertDistricts(testApp.database, [
      {
        outcode: 'EH1',
        area: 'EH',
        latitude: 55.9507,
        longitude: -3.1944,
        country: 'Scotland',
        ladCode: 'S12000036',
        ladName: 'City of Edinburgh',
      },
      {
        outcode: 'M1',
        area: 'M',
        latitude: 53.4776,
        longitude: -2.2353,
        ladCode: 'E08000003',
        ladName: 'Manchester',
      },
    ]);
    await insertServices(testApp.database, SERVICES);
    await testApp.database.db.insert(helplines).values(LINES);
  });

  const search = (query: SearchQueryInput) => searchNearBs1(testApp.app, query);
  const ids = (lines: { id: string }[]) => lines.map((line) => line.id);

  it('puts 999-worthy words first: the crisis lines in the reply, before any result', async () => {
    const body = await search({ keyword: 'I want to die' });

    expect(body.crisis?.kind).toBe('suicide');
    expect(ids(body.crisis?.lines ?? [])).toEqual([
      'samaritans',
      'shout-85258',
      'nhs-111-mental-health',
    ]);
    expect(body.crisis?.lines[1]).toMatchObject({ phone: null, textHref: 'sms:85258?body=SHOUT' });
    // The panel's lines are not listed again below it.
    expect(ids(body.helplines)).not.toContain('samaritans');
  });

  it("offers the lines whose need words fit, with no local result: 'debts' is 'debt'", async () => {
    const body = await search({ keyword: 'debts' });

    expect(resultIds(body)).toEqual([]);
    expect(body.crisis).toBeNull();
    expect(ids(body.helplines)).toEqual(['stepchange']);
    expect(body.helplinePlacement).toBe('top');
    expect(body.helplines[0]).toMatchObject({ hours: null, forWhom: 'For people in England only' });
  });

  // It was searched as 'can cope anymore' (spelling read 'cant' as 'can') and offered no line.
  it.each(["i can't cope anymore", 'i cant cope anymore', 'I cannot cope'])(
    'reads "%s" as the need it is, and offers the line for it',
    async (keyword) => {
      const body = await search({ keyword });

      expect(ids(body.helplines)).toEqual(['samaritans']);
      expect(body.keyword?.used).toMatch(/^(i )?cannot cope/);
      expect(body.helplinePlacement).toBe('top');
    },
  );

  it('corrects a misspelt need to the words the lines use, not to a service', async () => {
    const body = await search({ keyword: 'bailifs' });

    expect(ids(body.helplines)).toEqual(['stepchange']);
    expect(resultIds(body)).toEqual([]);
  });

  it("does not fall back to a generic word: 'sexual health' is not 'health'", async () => {
    const body = await search({ keyword: 'sexual health' });

    expect(resultIds(body)).toEqual([]);
    expect(body.keyword).toMatchObject({
      match: 'none',
      message: "No services here match 'sexual health'",
    });
  });

  it('offers nothing beside a search no line serves', async () => {
    const body = await search({ keyword: 'pharmacy' });

    expect(resultIds(body)).toEqual(['pharmacy']);
    expect(body).toMatchObject({ crisis: null, helplines: [], helplinePlacement: null });
  });

  it('outside coverage, leads with the line for the need asked', async () => {
    const body = await search({ postcode: 'M1 1AE', distance: '40', keyword: 'food bank' });

    expect(body.coverage.covered).toBe(false);
    expect(ids(body.helplines)).toEqual(['trussell']);
    expect(body.helplinePlacement).toBe('top');
  });

  it('offers an Edinburgh postcode no England-only line, and says why', async () => {
    const crisis = await search({ postcode: 'EH1 1YZ', keyword: 'suicide' });
    const debt = await search({ postcode: 'EH1 1YZ', keyword: 'debt' });

    expect(ids(crisis.crisis?.lines ?? [])).toEqual(['samaritans', 'shout-85258']);
    expect(ids(debt.helplines)).toEqual(['samaritans']);
    expect(debt.helplineNotice).toMatch(/serve England only.*Scotland/);
  });

  it('answers the lines for a need and a place at /api/helplines, crisis panel included', async () => {
    const response = await aVisitor(testApp.app).call(listHelplines, {
      query: { keyword: 'suicidal', postcode: 'EH1 1YZ' },
    });

    const body = await checkReply(listHelplines, response, 200);
    expect(ids(body.crisis?.lines ?? [])).toEqual(['samaritans', 'shout-85258']);
    expect(body.helplines.every((line) => line.nations !== 'England')).toBe(true);
  });

  it('answers the lines at /api/helplines when a postcode in the keyword cannot be found', async () => {
    const response = await aVisitor(testApp.app).call(listHelplines, {
      query: { keyword: 'suicide ZZ9 9ZZ' },
    });

    const body = await checkReply(listHelplines, response, 200);
    expect(ids(body.crisis?.lines ?? [])).toEqual([
      'samaritans',
      'shout-85258',
      'nhs-111-mental-health',
    ]);
  });

  it('places the lines beside results that are only demo listings', async () => {
    await testApp.database.db.insert(helplines).values({
      ...LINES[0]!,
      id: 'streetlink',
      position: 9,
      needWords: ['homeless'],
      categories: ['housing'],
    });
    // Enough results, and near enough, that real services would put the lines after them.
    await insertServices(
      testApp.database,
      [1, 2, 3, 4].map((n) =>
        aService({
          id: `housing-demo-${n}`,
          name: `Housing Advice Drop-in ${n} (demo)`,
          categories: ['housing'],
          serviceTypes: ['Housing advice'],
          verified: false,
          source: 'demo',
          ...north(n / 10),
        }),
      ),
    );

    const body = await search({ category: 'housing', includeUnverified: 'true' });

    expect(body.totalResults).toBe(4);
    expect(body.categoryGap?.category).toBe('housing');
    expect(ids(body.helplines)).toEqual(['streetlink']);
    expect(body.helplinePlacement).toBe('beside');
  });

  it('says at /api/helplines when a postcode cannot be found', async () => {
    const response = await aVisitor(testApp.app).call(listHelplines, {
      query: { keyword: 'debt', postcode: 'ZZ9 9ZZ' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'postcode_not_found' });
  });
});
