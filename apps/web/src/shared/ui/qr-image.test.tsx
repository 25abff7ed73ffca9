import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { QrImage } from './qr-image.tsx';

describe('QrImage', () => {
  it('draws the code in the first render, as an SVG image with its alt text', async () => {
    await renderWithProviders(<QrImage payload="K7QX2M9P:1:adult" alt="Adult ticket 1 of 2" />);
    const image = screen.getByRole('img', { name: 'Adult ticket 1 of 2' });
    expect(image.tagName).toBe('IMG');
    const svg = decodeURIComponent(
      image.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
    );
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });

  it('says on screen and to a screen reader that the code is missing when the payload is too long for one', async () => {
    await renderWithProviders(<QrImage payload={'x'.repeat(5000)} alt="Adult ticket 1 of 2" />, 'ja');
    const placeholder = screen.getByRole('img', {
      name: 'Adult ticket 1 of 2（表示できませんでした）',
    });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder.textContent).toBe('QRコードを表示できませんでした。');
  });
});
