export * from './token-cipher.ts';
export * from './link.ts';
export * from './api-call.ts';
export * from './settings.ts';
