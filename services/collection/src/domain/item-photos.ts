import { randomUUID } from 'node:crypto';
import { CollectionErrorCode, ITEM_NOT_FOUND_MESSAGE, PHOTOS_PER_ITEM, PHOTO_LIMIT_MESSAGE, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE, PHOTO_TYPE_MESSAGE, ErrorCode } from '@kicksight/contracts';
import { AppError, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import { items } from '../store/items.ts';
import { photos } from '../store/photos.ts';
import type { Caller } from './caller.ts';
import { sniffImageType } from './image-type.ts';
import { photoView } from './views.ts';

const notFound = () => AppError.notFound(ITEM_NOT_FOUND_MESSAGE);
const photoNotFound = () => AppError.notFound('Photo not found');

/** Photos of items, stored in Postgres: JPEG, PNG or WebP by content, at most 5 MB each and 5 per item. */
export function createItemPhotos({ pool, clock }: { pool: Pool; clock: Clock }) {
  return {
    /** Refuses early (before an upload is read) when the item is not the member's. */
    async assertItem(caller: Caller, itemId: string): Promise<void> {
      if (!(await items.isOwned(pool, caller.id, itemId))) throw notFound();
    },

    async list(caller: Caller, itemId: string) {
      if (!(await items.isOwned(pool, caller.id, itemId))) throw notFound();
      return (await photos.list(pool, itemId)).map(photoView);
    },

    async add(caller: Caller, itemId: string, bytes: Buffer) {
      if (bytes.length > PHOTO_MAX_BYTES) throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, PHOTO_TOO_LARGE_MESSAGE);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError(415, CollectionErrorCode.UNSUPPORTED_MEDIA_TYPE, PHOTO_TYPE_MESSAGE);
      const id = randomUUID();
      await withTransaction(pool, async (client) => {
        // The item's row lock makes concurrent uploads to one item count one after the other.
        if (!(await items.isOwned(client, caller.id, itemId, { lock: true }))) throw notFound();
        if ((await photos.count(client, itemId)) >= PHOTOS_PER_ITEM) throw AppError.conflict(PHOTO_LIMIT_MESSAGE, CollectionErrorCode.PHOTO_LIMIT);
        await photos.insert(client, { id, itemId, userId: caller.id, contentType, bytes }, clock.now());
      });
      const stored = (await photos.list(pool, itemId)).find((photo) => photo.id === id);
      if (!stored) throw photoNotFound();
      return photoView(stored);
    },

    async content(caller: Caller, itemId: string, photoId: string) {
      const photo = await photos.content(pool, caller.id, itemId, photoId);
      if (!photo) throw photoNotFound();
      return photo;
    },

    async remove(caller: Caller, itemId: string, photoId: string) {
      if (!(await photos.delete(pool, caller.id, itemId, photoId))) throw photoNotFound();
      return { id: photoId, removed: true };
    },
  };
}

export type ItemPhotos = ReturnType<typeof createItemPhotos>;
