import { describe, expect, it } from 'vitest';
import { CROWDING_COLOURS, crowdingOf } from './crowding.ts';

/** Hue in degrees of a `#rrggbb` colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('crowding colours', () => {
  it('busy is not a red: a busy weekend must not read as sold out (issue 32)', () => {
    const h = hue(CROWDING_COLOURS.busy);
    expect(h > 30 && h < 330, `hue ${h}`).toBe(true);
  });

  it('reads the palette exactly, the earlier red as busy and other colours as the nearest level', () => {
    expect(crowdingOf(CROWDING_COLOURS.quiet)).toBe('quiet');
    expect(crowdingOf(CROWDING_COLOURS.fair.toUpperCase())).toBe('fair');
    expect(crowdingOf(CROWDING_COLOURS.busy)).toBe('busy');
    expect(crowdingOf('#f6b1b1')).toBe('busy');
    expect(crowdingOf('#fff59d')).toBe('fair');
    expect(crowdingOf('#a5d6a7')).toBe('quiet');
    expect(crowdingOf('red')).toBeNull();
  });
});
