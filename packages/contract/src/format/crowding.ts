/**
 * Crowding levels of the colorized calendar (spec §3 "calendar colorized", §5 calendar colors: date to
 * color_code). The spec stores only a colour per date; what the colours mean is this palette, which the demo
 * seed writes and the order calendar explains in a legend (issue 32: the colours had no legend).
 * Busy is a violet, not a red: a red day read as sold out while it was open (issue 32, red weekends).
 */
export const CROWDING_COLOURS = { busy: '#d1c4e9', fair: '#ffe08a', quiet: '#c8e6c9' } as const;
export type CrowdingLevel = keyof typeof CROWDING_COLOURS;
export const CROWDING_LEVELS = ['quiet', 'fair', 'busy'] as const satisfies readonly CrowdingLevel[];

/** The busy colour the demo seed wrote before issue 32; calendars seeded then still carry it. */
const EARLIER_BUSY = '#f6b1b1';

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/**
 * The crowding level a calendar colour stands for: the palette's own colours exactly, any other `#rrggbb`
 * (a colour staff chose in the console) as the nearest of the palette; null for what is not a colour.
 */
export function crowdingOf(colour: string): CrowdingLevel | null {
  const hex = colour.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(hex)) return null;
  if (hex === EARLIER_BUSY) return 'busy';
  const [r, g, b] = channels(hex) as [number, number, number];
  let nearest: CrowdingLevel = 'quiet';
  let best = Infinity;
  for (const level of CROWDING_LEVELS) {
    const [pr, pg, pb] = channels(CROWDING_COLOURS[level]) as [number, number, number];
    const distance = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
    if (distance < best) [best, nearest] = [distance, level];
  }
  return nearest;
}
