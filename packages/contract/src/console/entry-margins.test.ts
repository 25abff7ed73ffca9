import { describe, expect, it } from 'vitest';
import { DEFAULT_ENTRY_MARGIN_MINUTES, productFieldsSchema } from './catalogue-products.ts';

const { entry_opens_minutes_before: margin, entry_closes_minutes_after: grace } = productFieldsSchema.shape;

describe('entry margins (ADR 111)', () => {
  it('an empty field takes the default window, so no product admits on any day', () => {
    expect(DEFAULT_ENTRY_MARGIN_MINUTES).toBe(30);
    expect(margin.parse(null)).toBe(30);
    expect(grace.parse(null)).toBe(30);
  });

  it('0 to 1,440 minutes are kept; anything else is refused', () => {
    expect([margin.parse(0), grace.parse(1440)]).toEqual([0, 1440]);
    for (const bad of [-1, 1441, 2.5, '30']) expect(margin.safeParse(bad).success).toBe(false);
  });
});
