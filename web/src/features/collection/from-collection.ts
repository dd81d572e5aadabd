/** A session flag set when a sneaker is opened from the collection, read once by the detail page's back button. */
const FROM_COLLECTION_KEY = 'kicksight-from-collection';

export const markFromCollection = (): void => sessionStorage.setItem(FROM_COLLECTION_KEY, '1');

export function takeFromCollectionFlag(): string | null {
  const flag = sessionStorage.getItem(FROM_COLLECTION_KEY);
  sessionStorage.removeItem(FROM_COLLECTION_KEY);
  return flag;
}
