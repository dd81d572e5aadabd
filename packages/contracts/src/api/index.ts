export * from './operation.ts';
export * from './auth.ts';
export * from './membership.ts';
export * from './catalog.ts';
export * from './collection.ts';
export * from './sales.ts';
export * from './prediction.ts';
export * from './notifications.ts';
export * from './dashboard.ts';
export * from './internal.ts';
export * from './system.ts';

import { authOperations } from './auth.ts';
import { membershipOperations } from './membership.ts';
import { catalogOperations } from './catalog.ts';
import { collectionOperations } from './collection.ts';
import { salesOperations } from './sales.ts';
import { predictionOperations } from './prediction.ts';
import { notificationsOperations } from './notifications.ts';
import { systemOperations } from './system.ts';
import type { Operation } from './operation.ts';

/** Every documented operation of the public API. */
export const allOperations: Operation[] = [...authOperations, ...membershipOperations, ...catalogOperations, ...collectionOperations, ...salesOperations, ...predictionOperations, ...notificationsOperations, ...systemOperations];
