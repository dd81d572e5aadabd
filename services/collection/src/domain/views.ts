import type { CollectionItemView, PhotoView } from '@kicksight/contracts';
import type { ValuedItem } from '../store/items.ts';
import type { PhotoRow } from '../store/photos.ts';
import { gainLossOf, gainLossPercentOf, valuationOf } from './valuation.ts';

/** Purchase price, shipping and tax; null while a sold pair's purchase is not known. */
export const costBasisOf = (item: Pick<ValuedItem, 'purchasePrice' | 'purchaseShipping' | 'purchaseTax' | 'costKnown'>): number | null =>
  item.costKnown ? item.purchasePrice + item.purchaseShipping + item.purchaseTax : null;

/** An item as the API answers it at `now`: valued, with the number its value rests on, its gain or loss and the nested sneaker (and, sold, its sale; valued net, its net value). */
export function itemView(item: ValuedItem, now: Date, extra: Pick<CollectionItemView, 'sale' | 'netValue'> = { sale: null, netValue: null }): CollectionItemView {
  const value = item.currentValue;
  const gainLoss = gainLossOf(value, item.purchasePrice);
  return {
    id: item.id,
    sneakerId: item.sneakerId,
    name: item.name,
    brand: item.brand,
    colorway: item.colorway,
    size: item.size,
    imageUrl: item.imageUrl,
    purchasePrice: item.purchasePrice,
    purchaseDate: item.purchaseDate,
    condition: item.condition,
    notes: item.notes,
    currentValue: value,
    currentPrice: value,
    gainLoss,
    gainLossPercent: gainLossPercentOf(gainLoss, item.purchasePrice),
    addedAt: item.addedAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    photoCount: item.photoCount,
    sneaker: { id: item.sneakerId, name: item.name, brand: item.brand, colorway: item.colorway, imageUrl: item.imageUrl, retailPrice: item.retailPrice, size: item.size },
    valuation: valuationOf(item.valueBasis, item.market, now),
    sku: item.sku,
    purchasedFrom: item.purchasedFrom,
    purchaseShipping: item.purchaseShipping,
    purchaseTax: item.purchaseTax,
    costBasis: costBasisOf(item),
    status: item.status,
    listing: item.listing,
    ...extra,
  };
}

export const photoView = (photo: PhotoRow): PhotoView => ({
  id: photo.id,
  itemId: photo.itemId,
  contentType: photo.contentType,
  size: photo.size,
  url: `/api/collections/${photo.itemId}/photos/${photo.id}`,
  createdAt: photo.createdAt.toISOString(),
});
