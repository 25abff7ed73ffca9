import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { PrintLogo } from './print-logo.tsx';

const UPLOADED = `/site-images/${'a'.repeat(64)}.png`;

async function renderWith(settings: Partial<SiteSettings>, printOnly = false) {
  useCoreStore.setState({ configuration: configuration(settings) });
  await renderWithProviders(<PrintLogo printOnly={printOnly} />, 'ja');
  return screen.queryByTestId('print-logo');
}

afterEach(() => useCoreStore.setState({ configuration: undefined }));

describe('the print logo (issue 32 item 1)', () => {
  it('printLogo on without an upload: the drawn site logo, black variant, named in the language', async () => {
    const logo = await renderWith({
      printLogo: true,
      images: { headerLogoBlack: null, headerLogoWhite: null, printLogo: null },
    });
    expect(logo!.querySelector('.site-logo')!.getAttribute('data-variant')).toBe('black');
    expect(logo!.textContent).toContain('Harbour Light Museum (ja)');
    expect(logo!.querySelector('img')).toBeNull();
  });

  it('images.printLogo: the uploaded image, its alt the site name', async () => {
    const logo = await renderWith({
      printLogo: true,
      images: { headerLogoBlack: null, headerLogoWhite: null, printLogo: UPLOADED },
    });
    const image = logo!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(UPLOADED);
    expect(image.getAttribute('alt')).toBe('Harbour Light Museum (ja)');
  });

  it('printLogo off: nothing, even with an uploaded image', async () => {
    expect(
      await renderWith({
        printLogo: false,
        images: { headerLogoBlack: null, headerLogoWhite: null, printLogo: UPLOADED },
      }),
    ).toBeNull();
  });

  it('print-only on the ticket page: marked for the print stylesheet', async () => {
    expect((await renderWith({ printLogo: true }, true))!.hasAttribute('data-print-only')).toBe(true);
  });
});
