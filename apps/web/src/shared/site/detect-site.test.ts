import { afterEach, describe, expect, it } from 'vitest';
import { detectSite, SITE_STORAGE_KEY } from './detect-site.ts';

describe('site detection (spec §1)', () => {
  afterEach(() => delete document.body.dataset.site);

  it('reads data-site on the body and stores it', () => {
    document.body.dataset.site = 'MORI';
    expect(detectSite()).toBe('MORI');
    expect(localStorage.getItem(SITE_STORAGE_KEY)).toBe('MORI');
  });

  it('falls back to the stored site code', () => {
    localStorage.setItem(SITE_STORAGE_KEY, 'OKINAWA');
    expect(detectSite()).toBe('OKINAWA');
  });

  it('accepts a venue added on the server after this build (sites are data)', () => {
    document.body.dataset.site = 'HARBOUR_LIGHTS';
    expect(detectSite()).toBe('HARBOUR_LIGHTS');
  });

  it.each(['harbour', 'X', '"><script>', 'BORDERLESS '])(
    'falls back to BORDERLESS for the malformed code %j',
    (code) => {
      document.body.dataset.site = code;
      expect(detectSite()).toBe('BORDERLESS');
      expect(localStorage.getItem(SITE_STORAGE_KEY)).toBe('BORDERLESS');
    },
  );

  it('falls back to BORDERLESS without any code', () => {
    expect(detectSite()).toBe('BORDERLESS');
  });
});
