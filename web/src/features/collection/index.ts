// The collection's public face for other features: adding a sneaker, the from-collection flag, the money parser and printer,
// and the one refresh of every view a change to the collection moves (the ledger's sales among them).
export { useAddToCollection } from './useAddToCollection.ts';
export { takeFromCollectionFlag } from './from-collection.ts';
export { centsOf, dollarsOf } from './item-form.ts';
export { SALES_VIEWS, refreshCollectionViews } from './api.ts';
export { exportsTaxYear, recordsSales } from './ledger-access.ts';
export { ImportProblemsModal } from './ImportProblemsModal.tsx';
export { download, importProblemsOf } from './csv-transfer.ts';
export type { CollectionItem, CreateItem } from './api.ts';
