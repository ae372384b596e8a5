import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Route } from '@locals/contracts/route';
import { beforeAll, describe, expect, it } from 'vitest';
import { aVisitor } from '../testing/signed-in';
import { useTestApp } from '../testing/test-app';

const ROUTES_DIR = path.join(import.meta.dirname, '../../../../packages/contracts/src/routes');

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'load' in value;

/** "PATCH /api/notes/:id" for every route object in packages/contracts/src/routes. */
async function contractRoutes(): Promise<string[]> {
  const files = (await readdir(ROUTES_DIR)).filter((file) => file.endsWith('.ts'));
  const modules = await Promise.all(
    files.map((file) => import(path.join(ROUTES_DIR, file)) as Promise<Record<string, unknown>>),
  );
  return modules
    .flatMap((module) => Object.values(module).filter(isRoute))
    .map((route) => `${route.method} ${route.path}`);
}

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

describe('contracts', () => {
  const testApp = useTestApp();
  let contracts: string[];
  beforeAll(async () => {
    contracts = await contractRoutes();
  });

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
