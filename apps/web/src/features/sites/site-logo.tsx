import type { SiteSettings } from '@kippu/contract/site-settings';

type Props = { name: string; settings: Pick<SiteSettings, 'theme' | 'logo'> };

/**
 * The site's own wordmark, drawn as SVG: a small mark in the theme colour and the site's name.
 * The white variant sits on the primary colour; the black variant on a light header.
 */
export function SiteLogo({ name, settings }: Props) {
  const isWhite = settings.logo.variant === 'white';
  const ink = isWhite ? '#ffffff' : '#15151a';
  const mark = isWhite ? settings.theme.accent : settings.theme.primary;
  const fontSize = 18;
  // Wide enough for the name in the system font; the SVG scales by height.
  const width = Math.ceil(
    34 + [...name].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e7f ? 1.02 : 0.7), 0) * fontSize,
  );
  return (
    <svg
      className="site-logo"
      role="img"
      aria-label={name}
      viewBox={`0 0 ${width} 32`}
      width={width}
      height={32}
      data-variant={settings.logo.variant}
    >
      <rect x="1" y="5" width="22" height="22" rx="6" fill={mark} />
      <path
        d="M7 11v10M7 16l6-5M7 16l6 5"
        stroke={isWhite ? '#15151a' : '#ffffff'}
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
      <text
        x="32"
        y="22.5"
        fill={ink}
        fontSize={fontSize}
        fontWeight={700}
        letterSpacing="0.02em"
        fontFamily="system-ui, -apple-system, 'Segoe UI', 'Hiragino Sans', 'Noto Sans JP', sans-serif"
      >
        {name}
      </text>
    </svg>
  );
}
