import { describe, expect, it } from 'vitest';
import { preferredLanguages } from './accept-language.ts';

describe('preferredLanguages (ADR 110)', () => {
  it('normalises a Chinese phone’s header to zh-hans, then English', () => {
    expect(preferredLanguages('zh-CN,zh;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['zh-hans', 'en']);
  });
  it('tells traditional from simplified by script and region, and maps ko to kr', () => {
    expect(preferredLanguages('zh-TW')).toEqual(['zh-hant']);
    expect(preferredLanguages('zh-Hant-CN')).toEqual(['zh-hant']);
    expect(preferredLanguages('zh-Hans-HK')).toEqual(['zh-hans']);
    expect(preferredLanguages('ko-KR,ko;q=0.9')).toEqual(['kr']);
  });
  it('orders by weight, drops q=0 and languages outside the six', () => {
    expect(preferredLanguages('fr-FR, th;q=0.5, ja;q=0.8, en;q=0')).toEqual(['ja', 'th']);
    expect(preferredLanguages(undefined)).toEqual([]);
    expect(preferredLanguages('*')).toEqual([]);
  });
});
