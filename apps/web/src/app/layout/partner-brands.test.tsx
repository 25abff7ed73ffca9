import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import { localeTexts } from '../../test/locale-texts.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { SiteFooter } from './site-footer.tsx';

const renderFooter = (
  partnerBrands: ('resort' | 'retail' | 'bank' | 'telecom')[] | undefined,
  lang = 'ja' as const,
) => {
  const base = configuration();
  useCoreStore.setState({
    configuration: configuration({ footer: { ...base.settings.footer, partnerBrands } }),
  });
  return renderRoutes([{ path: '*', element: <SiteFooter /> }], '/', lang);
};

describe('partner brands in the footer (issue 32 item 29)', () => {
  it('shows each configured partner as a drawn mark with its kind, in the page language', async () => {
    await renderFooter(['resort', 'telecom']);
    const texts = localeTexts('ja');
    const list = screen.getByRole('list', { name: texts.footer_partners });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      texts.footer_partner_resort,
      texts.footer_partner_telecom,
    ]);
    // The marks are decoration (the caption names the partner) and drawn here: no image of a real brand.
    for (const item of items) {
      expect(item.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
      expect(item.querySelector('img')).toBeNull();
    }
  });

  it('shows none when the site has no partners (or a document from before the setting)', async () => {
    await renderFooter(undefined);
    expect(screen.queryByRole('list', { name: localeTexts('ja').footer_partners })).toBeNull();
  });
});
