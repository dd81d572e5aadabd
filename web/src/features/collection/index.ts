// The collection's public face for other features: adding a sneaker, the from-collection flag and the money parser.
export { useAddToCollection } from './useAddToCollection.ts';
export { takeFromCollectionFlag } from './from-collection.ts';
export { centsOf } from './item-form.ts';
export type { CreateItem } from './api.ts';
