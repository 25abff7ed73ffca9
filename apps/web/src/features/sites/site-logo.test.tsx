import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../test/site-settings-fixture.ts';
import { SiteLogo } from './site-logo.tsx';

describe('SiteLogo', () => {
  it('shows the localized name as text and a decorative monogram from the English name', () => {
    const settings = siteSettings();
    const { container } = render(<SiteLogo name="ハーバーライト美術館" settings={settings} />);
    expect(screen.getByTestId('site-logo-name').textContent).toBe('ハーバーライト美術館');
    const mark = container.querySelector('svg');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    // The fixture's English name is "Harbour Light Museum (en)".
    expect(mark?.querySelector('text')?.textContent).toBe('HL');
  });

  it('draws the white variant on white with the primary letters, the black one in the primary colour', () => {
    const base = siteSettings();
    const white = render(<SiteLogo name="x" settings={base} />).container;
    expect(white.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff');
    expect(white.querySelector('text')?.getAttribute('fill')).toBe(base.theme.primary);

    const black = render(
      <SiteLogo name="x" settings={siteSettings({ logo: { ...base.logo, variant: 'black' } })} />,
    ).container;
    expect(black.querySelector('rect')?.getAttribute('fill')).toBe(base.theme.primary);
    expect(black.querySelector('text')?.getAttribute('fill')).toBe(base.theme.onPrimary);
  });

  it('takes the mark size from settings.logo (sp and pc heights)', () => {
    const { container } = render(<SiteLogo name="x" settings={siteSettings()} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue('--logo-mark-sp')).toBe('28px');
    expect(root.style.getPropertyValue('--logo-mark-pc')).toBe('40px');
  });
});

describe('SiteLogo: the box settings.logo gives (ADR 116)', () => {
  const uploads = {
    headerLogoBlack: '/site-images/black.png',
    headerLogoWhite: '/site-images/white.png',
    printLogo: null,
  };

  it('bounds the drawn wordmark by the widths (sp on phones, pc above)', () => {
    const { container } = render(<SiteLogo name="x" settings={siteSettings()} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue('--logo-width-sp')).toBe('140px');
    expect(root.style.getPropertyValue('--logo-width-pc')).toBe('200px');
  });

  it("draws the upload of the header's variant, named by the localized site name, in the phone's box", () => {
    const settings = siteSettings({ images: uploads });
    render(<SiteLogo name="ハーバーライト美術館" settings={settings} />);
    const image = screen.getByRole('img', { name: 'ハーバーライト美術館' });
    expect(image.getAttribute('src')).toBe('/site-images/white.png');
    // Attributes reserve the box before the image loads (no layout shift); CSS switches to pc above 48rem.
    expect(image.getAttribute('width')).toBe('140');
    expect(image.getAttribute('height')).toBe('28');
    const root = image.parentElement as HTMLElement;
    expect(root.style.getPropertyValue('--logo-width-pc')).toBe('200px');
    expect(root.style.getPropertyValue('--logo-mark-pc')).toBe('40px');
    // The image is the wordmark: no drawn monogram or name beside it.
    expect(screen.queryByTestId('site-logo-name')).toBeNull();
    expect(root.querySelector('svg')).toBeNull();

    const black = siteSettings({ images: uploads, logo: { ...settings.logo, variant: 'black' } });
    const { container } = render(<SiteLogo name="y" settings={black} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/site-images/black.png');
  });

  it("keeps the drawn mark when only the other variant's logo is uploaded (white on white is unreadable)", () => {
    const settings = siteSettings({ images: { ...uploads, headerLogoWhite: null } });
    const { container } = render(<SiteLogo name="x" settings={settings} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('site-logo-name').textContent).toBe('x');
  });
});
