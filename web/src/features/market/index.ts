export { SneakerImage } from './SneakerImage.tsx';
export { MarketStatusBadge } from './MarketStatusBadge.tsx';
export { useAddToCollection } from '../collection/useAddToCollection.ts';
export { addFailureOf, ADD_FAILED } from '../collection/add-errors.ts';
export { marketStatusOf, isTrendingSneaker, conditionBadgeOf } from './market-labels.ts';
export { FROM_COLLECTION_KEY, markFromCollection, takeFromCollectionFlag } from '../collection/from-collection.ts';
export { SizeSelect } from './SizeSelect.tsx';
