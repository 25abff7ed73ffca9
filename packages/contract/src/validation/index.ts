export * from './predicates.ts';
export * from './rules.ts';
export * from './zod.ts';
