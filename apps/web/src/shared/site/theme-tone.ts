/** Relative luminance of a #rrggbb colour (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 1;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark page backgrounds need light text: the tone picks the matching palette in global.css. */
export function toneOf(background: string): 'dark' | 'light' {
  return luminance(background) < 0.18 ? 'dark' : 'light';
}
