export * from './tokyo-date.ts';
export * from './date.ts';
export * from './visit-when.ts';
export * from './price.ts';
export * from './stock.ts';
export * from './analytics.ts';
export * from './calendar.ts';
export * from './placeholders.ts';
