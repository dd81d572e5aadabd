export * from './topics.ts';
export * from './envelope.ts';
export * from './schemas.ts';
export * from './validate.ts';
