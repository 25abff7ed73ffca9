import { describe, expect, it } from 'vitest';
import { DEMO_SITE_CODES } from './enums.ts';
import { siteCodeSchema } from './enum-schemas.ts';
import { isSiteCode, siteSlug } from './sites.ts';

describe('site codes are data (ADR 014)', () => {
  it('accepts the 14 demo codes and a venue added later', () => {
    for (const code of [...DEMO_SITE_CODES, 'HARBOUR_LIGHTS', 'K2'])
      expect(isSiteCode(code), code).toBe(true);
    expect(siteCodeSchema.parse('HARBOUR_LIGHTS')).toBe('HARBOUR_LIGHTS');
  });

  it.each(['', 'X', 'borderless', '1SITE', 'BORDER-LESS', 'A'.repeat(41), '"><script>', 'MORI '])(
    'refuses the malformed code %j',
    (code) => {
      expect(isSiteCode(code)).toBe(false);
      expect(siteCodeSchema.safeParse(code).success).toBe(false);
    },
  );

  it('derives a URL slug from a code', () => {
    expect(siteSlug('HARBOUR_LIGHTS')).toBe('harbour-lights');
  });
});
