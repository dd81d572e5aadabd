export * from './errors.ts';
export * from './http.ts';
export * from './text.ts';
export * from './services.ts';
export * from './events/index.ts';
export * from './api/index.ts';
export * from './time.ts';
export * from './demo.ts';
