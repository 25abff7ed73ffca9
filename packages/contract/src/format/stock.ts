import { fillPlaceholders } from './placeholders.ts';

/** The few-in-stock message: the template's {count} becomes the number left (spec §9). */
export function fewInStock(count: number, template: string): string {
  return fillPlaceholders(template, { count });
}
