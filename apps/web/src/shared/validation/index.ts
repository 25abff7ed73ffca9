export * from './translate-message.ts';
export * from './field-context.ts';
export * from './to-rhf-validate.ts';
export * from './form-schema.ts';
