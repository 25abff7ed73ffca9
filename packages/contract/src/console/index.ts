export * from './permissions.ts';
export * from './console-route.ts';
