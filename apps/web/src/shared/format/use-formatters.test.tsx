import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useFormatters } from './use-formatters.ts';

async function wrapperFor(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: {} });
  return ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

describe('useFormatters', () => {
  it.each([
    ['ja', '2022年01月05日(水)', '3,800円', '10:00 ~ 11:30'],
    ['en', 'Wed, Jan 05, 2022', '¥3,800', '10:00 - 11:30'],
    ['kr', '2022년 01월 05일 (수)', '3,800엔', '10:00 ~ 11:30'],
  ])('formats in %s', async (lang, date, price, range) => {
    const { result } = renderHook(() => useFormatters(), { wrapper: await wrapperFor(lang) });
    expect(result.current.date('2022-01-04T15:30:00Z')).toBe(date);
    expect(result.current.price(3800)).toBe(price);
    expect(result.current.timeRange('2022-01-05T01:00:00Z', '2022-01-05T02:30:00Z')).toBe(range);
    expect(result.current.time('2022-01-05T01:00:00Z')).toBe('10:00');
  });

  it('falls back to Japanese for a language the product does not know', async () => {
    const { result } = renderHook(() => useFormatters(), { wrapper: await wrapperFor('fr') });
    expect(result.current.price(500)).toBe('500円');
  });
});
