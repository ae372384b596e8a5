import {
  ClientConfigSchema,
  DEFAULT_TILE_ATTRIBUTION,
  DEFAULT_TILE_URL,
} from '@locals/contracts/client-config';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { createTestApp } from '../../testing/test-app';
import { tileImageSource } from './tile-url';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appWith(env: Record<string, string> = {}) {
  const testApp = await createTestApp({ env });
  close = testApp.close;
  return testApp.app;
}

function imgSrc(csp: unknown): string {
  const directive = String(csp)
    .split(';')
    .find((part) => part.trim().startsWith('img-src'));
  return directive?.trim() ?? '';
}

describe('GET /api/config', () => {
  it('answers the public OpenStreetMap tile server by default', async () => {
    const app = await appWith();

    const response = await app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(ClientConfigSchema.parse(response.json())).toEqual({
      map: { tileUrl: DEFAULT_TILE_URL, tileAttribution: DEFAULT_TILE_ATTRIBUTION },
    });
    expect(imgSrc(response.headers['content-security-policy'])).toBe(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
  });

  it('answers the configured tile server and lets the browser load its images', async () => {
    const app = await appWith({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/streets/{z}/{x}/{y}.png?key=abc',
      MAP_TILE_ATTRIBUTION: '&copy; Example Maps',
    });

    const response = await app.inject({ method: 'GET', url: '/api/config' });

    expect(response.json()).toEqual({
      map: {
        tileUrl: 'https://{s}.tiles.example.com/streets/{z}/{x}/{y}.png?key=abc',
        tileAttribution: '&copy; Example Maps',
      },
    });
    const pageResponse = await app.inject({ method: 'GET', url: '/api/health' });
    expect(imgSrc(pageResponse.headers['content-security-policy'])).toBe(
      "img-src 'self' data: https://*.tiles.example.com",
    );
  });
});

describe('tileImageSource', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 'https://*.tile.example.com'],
    ['https://tiles-{s}.example.com/{z}/{x}/{-y}.png', 'https://*.example.com'],
    ['http://localhost:8080/tiles/{z}/{x}/{y}.png', 'http://localhost:8080'],
    ['HTTPS://Tiles.Example.COM/{z}/{x}/{y}{r}.png?api_key=k', 'https://tiles.example.com'],
  ])('allows %s as %s', (template, source) => {
    expect(tileImageSource(template)).toBe(source);
  });

  it.each([
    ['not a URL', 'nothing'],
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', 'ftp'],
    ['https://tiles.example.com/tile.png', 'no tile coordinates'],
    ['https://tiles.{s}.example.com/{z}/{x}/{y}.png', 'a placeholder after the first label'],
    ['https://{s}/{z}/{x}/{y}.png', 'a host that is only a placeholder'],
  ])('refuses %s (%s)', (template) => {
    expect(tileImageSource(template)).toBeNull();
  });
});

describe('loadConfig MAP_TILE_URL', () => {
  it('refuses a template the map cannot use, naming the variable', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(
      /MAP_TILE_URL must be an http\(s\) tile URL template/,
    );
  });
});
