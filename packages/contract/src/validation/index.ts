export * from './predicates.ts';
export * from './rules.ts';
export * from './storable-text.ts';
export * from './zod.ts';
