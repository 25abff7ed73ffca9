import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANG_CODES } from '@kippu/contract/enums';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SpotPoster } from './spot-poster.tsx';

afterEach(() => vi.unstubAllGlobals());

const PRODUCT = '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a01';
const product = (name: string) => ({
  uuid: PRODUCT,
  product_type: 'time',
  name,
  description: '',
  caution: '',
  image_url: null,
  sale_channels: ['spot'],
  min_quantity: 1,
  max_quantity: 4,
  option_values: [{ id: 11, name: 'Adult', price: 3000, display_position: 1 }],
  display_position: 1,
});

/** The poster's product, named in the language asked for (the server's answer per `lang`). */
const NAMES = {
  ja: '常設展',
  en: 'Permanent show',
  'zh-hans': '常设展',
  kr: '상설전',
  'zh-hant': '常設展覽',
  th: 'นิทรรศการถาวร',
};

describe('SpotPoster', () => {
  it.each(LANG_CODES)(
    '%s: the QR code is described in the page language with the product name in it',
    async (lang) => {
      fakeApi({
        'GET spot/products/stocks': (call) => {
          const asked = call.query.get('lang') as keyof typeof NAMES;
          return ok({
            date: '2026-05-10',
            product: product(NAMES[asked]),
            slots: [],
            expires_at: '2026-06-10T00:00:00+09:00',
          });
        },
      });
      await renderWithProviders(<SpotPoster productUuid={PRODUCT} qrToken="qr-token-1" />, lang);
      const qr = await screen.findByRole('img', { name: new RegExp(NAMES[lang]) });
      for (const other of LANG_CODES)
        if (NAMES[other] !== NAMES[lang] && !NAMES[lang].includes(NAMES[other]))
          expect(qr.getAttribute('aria-label') ?? qr.getAttribute('alt'), other).not.toContain(NAMES[other]);
    },
  );
});
