import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@locals/contracts/map-tiles';
import { getClientConfig } from '@locals/contracts/routes/client-config';
import { getHealth } from '@locals/contracts/routes/health';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { tileImageSource } from '../../lib/tile-url';

function imgSrc(csp: unknown): string {
  const directive = String(csp)
    .split(';')
    .find((part) => part.trim().startsWith('img-src'));
  return directive?.trim() ?? '';
}

describe('GET /api/config', () => {
  describe('by default', () => {
    const testApp = useTestApp();

    it('answers the public OpenStreetMap tile server', async () => {
      const response = await aVisitor(testApp.app).call(getClientConfig, {});

      expect(await checkReply(getClientConfig, response, 200)).toEqual({
        map: { tileUrl: DEFAULT_TILE_URL, tileAttribution: DEFAULT_TILE_ATTRIBUTION },
      });
      expect(imgSrc(response.headers['content-security-policy'])).toBe(
        "img-src 'self' data: https://tile.openstreetmap.org",
      );
    });
  });

  describe('with a tile server configured', () => {
    const testApp = useTestApp({
      env: {
        MAP_TILE_URL: 'https://{s}.tiles.example.com/streets/{z}/{x}/{y}.png?key=abc',
        MAP_TILE_ATTRIBUTION: '&copy; Example Maps',
      },
    });

    it('answers it and lets the browser load its images', async () => {
      const visitor = aVisitor(testApp.app);

      const response = await visitor.call(getClientConfig, {});

      expect(await checkReply(getClientConfig, response, 200)).toEqual({
        map: {
          tileUrl: 'https://{s}.tiles.example.com/streets/{z}/{x}/{y}.png?key=abc',
          tileAttribution: '&copy; Example Maps',
        },
      });
      const pageResponse = await visitor.call(getHealth, {});
      expect(imgSrc(pageResponse.headers['content-security-policy'])).toBe(
        "img-src 'self' data: https://*.tiles.example.com",
      );
    });
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
