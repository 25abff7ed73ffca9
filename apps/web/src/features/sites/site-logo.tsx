import type { CSSProperties } from 'react';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { monogram } from './monogram.ts';
// Styles: ./site-logo.css, one of the page's own (src/main.ts).

type Props = {
  name: string;
  settings: Pick<SiteSettings, 'kind' | 'name' | 'theme' | 'logo'> & Partial<Pick<SiteSettings, 'images'>>;
};

type Colours = { base: string; letters: string; accent: string };

/** The mark's outline follows the kind of venue, so sites that share initials still look apart. */
function MarkShape({ kind, colours }: { kind: SiteSettings['kind']; colours: Colours }) {
  switch (kind) {
    case 'museum':
      return (
        <>
          <rect x="1" y="1" width="30" height="30" rx="3" fill={colours.base} />
          <rect x="1" y="25" width="30" height="6" rx="1.5" fill={colours.accent} />
        </>
      );
    case 'garden':
      return (
        <>
          <circle cx="16" cy="16" r="15" fill={colours.base} />
          <path d="M22 2.6a15 15 0 0 1 7.4 7.4 9 9 0 0 1-7.4-7.4z" fill={colours.accent} />
        </>
      );
    case 'cafe':
      return (
        <>
          <circle cx="16" cy="16" r="15" fill={colours.accent} />
          <circle cx="16" cy="16" r="12.5" fill={colours.base} />
        </>
      );
    case 'art':
      return (
        <>
          <rect x="1" y="1" width="30" height="30" rx="8" fill={colours.base} />
          <path d="M31 20v3a8 8 0 0 1-8 8h-3a11 11 0 0 1 11-11z" fill={colours.accent} />
        </>
      );
  }
}

/** The logo staff uploaded for this variant (ADR 071), if any: a white logo on a light header is unreadable. */
function uploadedLogo(settings: Props['settings']): string | null {
  const images = settings.images;
  if (!images) return null;
  return (settings.logo.variant === 'white' ? images.headerLogoWhite : images.headerLogoBlack) ?? null;
}

/**
 * The site's logo in the box settings.logo gives (ADR 116): `sp` below 48rem, `pc` above, each a width and a
 * height in CSS pixels. An uploaded logo of the header's variant fills the box (contained, left-aligned), with
 * width/height attributes so the header does not move when it loads. Without one, the drawn wordmark: a
 * monogram of the venue's English initials in the theme colours, the box's height, and the localized name as
 * real text (it wraps on narrow phones and is read by screen readers, which an SVG <text> sized by guesswork
 * did neither), the whole at most the box's width. The white variant sits on the primary colour, the black
 * one on a light header.
 */
export function SiteLogo({ name, settings }: Props) {
  const { theme, logo } = settings;
  const size = {
    '--logo-mark-sp': `${logo.sp.height}px`,
    '--logo-mark-pc': `${logo.pc.height}px`,
    '--logo-width-sp': `${logo.sp.width}px`,
    '--logo-width-pc': `${logo.pc.width}px`,
  } as CSSProperties;
  const uploaded = uploadedLogo(settings);
  if (uploaded) {
    return (
      <span className="site-logo" data-variant={logo.variant} style={size}>
        {/* The phone's box as attributes: the CSS sizes it per width, the attributes reserve the space. */}
        <img
          className="site-logo__image"
          src={uploaded}
          alt={name}
          width={logo.sp.width}
          height={logo.sp.height}
          decoding="async"
        />
      </span>
    );
  }
  const isWhite = logo.variant === 'white';
  const colours: Colours = isWhite
    ? { base: '#ffffff', letters: theme.primary, accent: theme.accent }
    : { base: theme.primary, letters: theme.onPrimary, accent: theme.accent };
  const letters = monogram(settings.name.en);
  return (
    <span className="site-logo" data-variant={logo.variant} style={size}>
      <svg className="site-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <MarkShape kind={settings.kind} colours={colours} />
        <text
          x="16"
          y={settings.kind === 'museum' ? 13.5 : 16}
          dominantBaseline="central"
          textAnchor="middle"
          fill={colours.letters}
          fontSize={letters.length > 1 ? 13 : 16}
          fontWeight={800}
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        >
          {letters}
        </text>
      </svg>
      <span className="site-logo__name" data-testid="site-logo-name">
        {name}
      </span>
    </span>
  );
}
