/**
 * npm run bench:relevance: the relevance suite (modules/services/relevance) over the real open
 * data, through the real API, on a fresh embedded database (or DATABASE_URL's server). Prints one
 * line per query and the mean precision@5 and nDCG@10, then the need suite (the national lines and
 * crisis panel offered for needs, need-queries.ts) and its mean; docs/benchmarks.md records both.
 */
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import {
  describeSuite,
  runRelevanceSuite,
  type SearchAnswer,
} from '../modules/services/relevance/relevance-suite';
import {
  describeNeedSuite,
  runNeedSuite,
  type LinesAnswer,
} from '../modules/services/relevance/need-suite';
import { createTestApp } from '../testing/test-app';

async function main() {
  const started = performance.now();
  const testApp = await createTestApp();
  try {
    await loadOpenDataOnce(testApp.database, testApp.config.openDataDir);
    console.log(`open data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const result = await runRelevanceSuite(async (query) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/HealthServices/search-new',
        query,
      });
      return response.statusCode === 200 ? response.json<SearchAnswer>() : null;
    });
    for (const line of describeSuite(result)) console.log(line);
    // The need suite (decision 027): the national lines and the crisis panel, judged per query.
    const needs = await runNeedSuite(async (query) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/HealthServices/search-new',
        query,
      });
      return response.statusCode === 200 ? response.json<LinesAnswer>() : null;
    });
    console.log('');
    for (const line of describeNeedSuite(needs)) console.log(line);
  } finally {
    await testApp.close();
  }
}

await main();
