/**
 * The value axis of a report's chart: from 0 to a round maximum in about five steps of 1, 2, 2.5 or 5 × 10ⁿ,
 * so the grid lines fall on numbers people read at a glance (¥50,000, not ¥47,312).
 */
export function valueTicks(max: number, wanted = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Counts and yen are whole: no step of 2.5 people, none below 1.
  const step = [1, 2, 2.5, 5, 10]
    .map((each) => each * power)
    .find((each) => each >= rough && Number.isInteger(each) && each >= 1)!;
  const ticks: number[] = [];
  for (let value = 0; ; value += step) {
    ticks.push(value);
    if (value >= max) break;
  }
  return ticks;
}

/**
 * Which of `count` category labels to print along the bottom so they do not overlap: every one when they fit,
 * else every n-th, always the first and the last.
 */
export function labelledIndexes(count: number, room: number): Set<number> {
  if (count <= room) return new Set(Array.from({ length: count }, (_each, index) => index));
  const every = Math.ceil(count / Math.max(1, room - 1));
  const shown = new Set<number>();
  for (let index = 0; index < count; index += every) shown.add(index);
  // The last label replaces a neighbour that would touch it.
  if (count - 1 - Math.max(...shown) < every / 2) shown.delete(Math.max(...shown));
  shown.add(count - 1);
  return shown;
}
