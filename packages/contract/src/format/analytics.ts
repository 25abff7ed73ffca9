/** One ticket type of an order as the analytics events see it. */
export interface AnalyticsOption {
  price: number;
  count: number;
}

/** Order total for the tag manager: the sum of price × count over the options (spec §9). */
export function orderTotal(options: readonly AnalyticsOption[]): number {
  return options.reduce((total, option) => total + option.price * option.count, 0);
}

/** Item SKU for the tag manager: time span id, a hyphen, the option name (spec §9). */
export function itemSku(timeSpanId: number | string, optionName: string): string {
  return `${timeSpanId}-${optionName}`;
}
