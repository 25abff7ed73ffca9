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
