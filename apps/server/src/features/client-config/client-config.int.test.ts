import { clientConfig } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, requestOf, type TestContext } from '#test/context.js';

/** The configuration the browser reads before sign-in, and the image sources the page is allowed. */

/** The img-src directive of an answer's Content-Security-Policy. */
const imageSourcesOf = (policy: unknown) =>
  String(policy)
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('img-src '));

describe('GET /config without map tiles', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers the links, and no map tiles, without a session', async () => {
    const response = await t.app.inject(requestOf(clientConfig.getClientConfig));
    expect(response.statusCode).toBe(200);
    expect(clientConfig.clientConfigSchema.parse(response.json())).toMatchObject({
      helpUrls: { Gestionnaire: t.env.HELP_URL_MANAGER, 'Administrateur établissement': t.env.HELP_URL_SCHOOL_ADMIN },
      termsUrl: t.env.TERMS_URL,
      accessibilityUrl: t.env.ACCESSIBILITY_URL,
      mapTiles: null,
    });
  });

  it('allows no image source for tiles', async () => {
    const response = await t.app.inject(requestOf(clientConfig.getClientConfig));
    expect(imageSourcesOf(response.headers['content-security-policy'])).toBe("img-src 'self' data: blob: https:");
  });
});

describe('GET /config with map tiles', () => {
  let t: TestContext;
  const url = 'http://tiles.intra.example.fr:8080/osm/{z}/{x}/{y}.png';
  beforeAll(async () => {
    t = await createTestContext({ MAP_TILES_URL: url, MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors' });
  });
  afterAll(() => t.close());

  it('answers the tiles chosen and their attribution', async () => {
    const response = await t.app.inject(requestOf(clientConfig.getClientConfig));
    expect(response.statusCode).toBe(200);
    expect(clientConfig.clientConfigSchema.parse(response.json()).mapTiles).toEqual({
      url,
      attribution: '© OpenStreetMap contributors',
    });
  });

  it("allows images from the tiles' origin, on every page", async () => {
    for (const path of ['/api/config', '/api/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(imageSourcesOf(response.headers['content-security-policy']), path).toBe(
        "img-src 'self' data: blob: https: http://tiles.intra.example.fr:8080",
      );
    }
  });
});
