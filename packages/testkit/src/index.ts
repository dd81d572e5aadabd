export * from './stack.ts';
export * from './wait.ts';
export * from './names.ts';
export * from './postgres.ts';
export * from './kafka.ts';
export * from './toxiproxy.ts';
export * from './smtp.ts';
export * from './infra.ts';
