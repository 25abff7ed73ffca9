import { describe, expect, it } from 'vitest';
import { hashQuery, hrefOf, matchHash } from './console-paths.ts';

describe('console paths', () => {
  it('match a hash to its screen and parameters', () => {
    expect(matchHash('#/sites/MORI/dashboard')).toEqual({ screen: 'dashboard', params: { site: 'MORI' } });
    expect(matchHash('#/audit/order/1234?action=paid')).toEqual({
      screen: 'auditObject',
      params: { objectType: 'order', objectId: '1234' },
    });
    expect(matchHash('')).toEqual({ screen: 'home', params: {} });
    expect(matchHash('#/invitation/abc_DEF-123')).toEqual({
      screen: 'invitation',
      params: { token: 'abc_DEF-123' },
    });
  });

  it('answer null for a path no screen has, or a parameter that is empty or not decodable', () => {
    expect(matchHash('#/nowhere')).toBeNull();
    expect(matchHash('#/sites//dashboard')).toBeNull();
    expect(matchHash('#/reset/%E0%A4%A')).toBeNull();
  });

  it('build links that match back', () => {
    const href = hrefOf('auditObject', { objectType: 'staff', objectId: 'a/b' });
    expect(href).toBe('#/audit/staff/a%2Fb');
    expect(matchHash(href)).toEqual({
      screen: 'auditObject',
      params: { objectType: 'staff', objectId: 'a/b' },
    });
    expect(hashQuery('#/audit?action=paid&site=MORI').get('site')).toBe('MORI');
  });
});
