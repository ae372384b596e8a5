import type { Route } from '@locals/contracts/route';
import { describe, expect, it } from 'vitest';
import { aVisitor } from '../testing/signed-in';
import { useTestApp } from '../testing/test-app';

const routeModules = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/contracts/src/routes/*.ts',
  { eager: true },
);

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'load' in value;

/** "PATCH /api/notes/:id" for every route object in packages/contracts/src/routes. */
const contracts = Object.values(routeModules)
  .flatMap((module) => Object.values(module).filter(isRoute))
  .map((route) => `${route.method} ${route.path}`);

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

describe('contracts', () => {
  const testApp = useTestApp();

  it('define every endpoint in the OpenAPI document once, and nothing it does not serve', async () => {
    const response = await aVisitor(testApp.app).send('GET', '/api/docs/json');
    const document = response.json<OpenApiDocument>();
    const served = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );

    expect(new Set(contracts).size, 'one route object per endpoint').toBe(contracts.length);
    expect([...contracts].sort()).toEqual([...served].sort());
  });
});
