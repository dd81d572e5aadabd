import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CollectionItemView, CollectionStats, PhotoView, collectionResponseSchema, createItemBodySchema, updateItemBodySchema } from '@kicksight/contracts';
import { api } from '../../api/client.ts';
import { shouldRetry } from '../../api/retry.ts';

/** The shapes of the collection's answers and bodies, from the shared contracts (types only). */
export type CollectionItem = CollectionItemView;
export type Photo = PhotoView;
export type { CollectionStats };
export type CollectionPage = z.infer<typeof collectionResponseSchema>;
export type CreateItem = z.input<typeof createItemBodySchema>;
export type UpdateItem = z.input<typeof updateItemBodySchema>;

export const COLLECTION_PAGE_SIZE = 20;
export const COLLECTION_SORTS = ['newest', 'oldest', 'value-high', 'value-low', 'gain-high', 'gain-low'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const COLLECTION_BRANDS = ['all', 'nike', 'adidas', 'jordan', 'newbalance', 'puma'] as const;
export type CollectionBrand = (typeof COLLECTION_BRANDS)[number];

export interface CollectionParams {
  page: number;
  sortBy: CollectionSort;
  brand: CollectionBrand;
}

export const collectionQuery = (params: CollectionParams) =>
  queryOptions({
    queryKey: ['collection', 'items', params],
    queryFn: ({ signal }) =>
      api.get<CollectionPage>('/collections', {
        signal,
        query: { page: params.page, limit: COLLECTION_PAGE_SIZE, sortBy: params.sortBy, brands: params.brand === 'all' ? undefined : params.brand },
      }),
    retry: (failures, error) => shouldRetry(failures, error, 3),
    retryDelay: 1_000,
  });

export const photosQuery = (itemId: string) =>
  queryOptions({ queryKey: ['collection', 'photos', itemId], queryFn: ({ signal }) => api.get<Photo[]>(`/collections/${itemId}/photos`, { signal }) });

export const collectionApi = {
  add: (item: CreateItem, idempotencyKey: string) => api.post<CollectionItem>('/collections', item, { idempotencyKey }),
  update: (id: string, changes: UpdateItem, idempotencyKey: string) => api.put<CollectionItem>(`/collections/${id}`, changes, { idempotencyKey }),
  remove: (id: string, idempotencyKey: string) => api.del<unknown>(`/collections/${id}`, { idempotencyKey }),
  uploadPhoto(id: string, file: File, idempotencyKey: string) {
    const form = new FormData();
    form.append('photo', file);
    return api.post<Photo>(`/collections/${id}/photos`, form, { idempotencyKey, fallback: 'File upload failed' });
  },
};
