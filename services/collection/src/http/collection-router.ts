import { Router } from 'express';
import {
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_UPLOAD_MAX_BODY_BYTES,
  bulkItemsBodySchema,
  collectionQuerySchema,
  collectionStatsQuerySchema,
  collectionRelatedQuerySchema,
  createItemBodySchema,
  deleteItemQuerySchema,
  generateRelatedBodySchema,
  relatedTrendingQuerySchema,
  updateItemBodySchema,
  ErrorCode,
  MISSING_FIELDS_MESSAGE,
} from '@kicksight/contracts';
import { AppError } from '@kicksight/platform';
import type { Collection } from '../domain/collection.ts';
import type { createCsvTransfer } from '../domain/csv-transfer.ts';
import type { ItemPhotos } from '../domain/item-photos.ts';
import type { RelatedProducts } from '../domain/related-products.ts';
import { fileFromMultipart, multipartBoundary, readBody } from './body.ts';
import { answerImport, importText } from './import-text.ts';
import { callerOf, param } from './caller.ts';

export interface CollectionRouterDeps {
  collection: Collection;
  photos: ItemPhotos;
  related: RelatedProducts;
  csv: ReturnType<typeof createCsvTransfer>;
}

/** `/api/collections/*`: items, stats, CSV, related products and photos. */
export function collectionRouter({ collection, photos, related, csv }: CollectionRouterDeps): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json({ data: await collection.page(callerOf(req), collectionQuerySchema.parse(req.query)) });
  });
  router.post('/', async (req, res) => {
    const [item] = await collection.add(callerOf(req), [createItemBodySchema.parse(req.body ?? {})]);
    res.status(201).json({ data: item });
  });
  router.get('/stats', async (req, res) => {
    res.json({ data: await collection.stats(callerOf(req), collectionStatsQuerySchema.parse(req.query).platform) });
  });
  router.post('/items', async (req, res) => {
    const parsed = bulkItemsBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      // An item's fault names the item: "Item 2: Missing required fields: purchasePrice".
      const [issue] = parsed.error.issues;
      const [field, index] = issue?.path ?? [];
      if (field === 'items' && typeof index === 'number') throw AppError.badRequest(`Item ${index + 1}: ${issue!.message}`);
      throw parsed.error;
    }
    res.status(201).json({ data: { items: await collection.add(callerOf(req), parsed.data.items) } });
  });

  router.get('/export', async (req, res) => {
    const text = await csv.exportCsv(callerOf(req));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="kicksight-collection.csv"');
    res.send(text);
  });
  router.post('/import', async (req, res) => {
    const caller = callerOf(req);
    await answerImport(res, () => importText(req).then((text) => csv.importCsv(caller, text)));
  });

  router.get('/related/recommendations', async (req, res) => {
    res.json({ data: await related.recommendations(callerOf(req), collectionRelatedQuerySchema.parse(req.query)) });
  });
  router.post('/related/generate', async (req, res) => {
    res.json({ data: await related.regenerate(callerOf(req), generateRelatedBodySchema.parse(req.body ?? {})) });
  });
  router.get('/related/trending', async (req, res) => {
    res.json({ data: await related.trending(callerOf(req), relatedTrendingQuerySchema.parse(req.query)) });
  });

  router.get('/:id', async (req, res) => {
    res.json({ data: await collection.get(callerOf(req), param(req, 'id')) });
  });
  router.put('/:id', async (req, res) => {
    res.json({ data: await collection.update(callerOf(req), param(req, 'id'), updateItemBodySchema.parse(req.body ?? {})) });
  });
  router.delete('/:id', async (req, res) => {
    const { soldPrice } = deleteItemQuerySchema.parse(req.query);
    res.json({ data: await collection.remove(callerOf(req), param(req, 'id'), soldPrice) });
  });
  router.get('/:id/related', async (req, res) => {
    res.json({ data: await related.forItem(callerOf(req), param(req, 'id'), collectionRelatedQuerySchema.parse(req.query)) });
  });

  router.get('/:id/photos', async (req, res) => {
    res.json({ data: await photos.list(callerOf(req), param(req, 'id')) });
  });
  router.post('/:id/photos', async (req, res) => {
    const caller = callerOf(req);
    const itemId = param(req, 'id');
    await photos.assertItem(caller, itemId);
    const boundary = multipartBoundary(req.get('content-type'));
    if (!boundary) throw AppError.badRequest(`${MISSING_FIELDS_MESSAGE}: send the photo as multipart/form-data in a field named "photo"`);
    const body = await readBody(req, PHOTO_UPLOAD_MAX_BODY_BYTES);
    if (body.tooLarge) throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, PHOTO_TOO_LARGE_MESSAGE);
    const file = fileFromMultipart(body.bytes, boundary, ['photo', 'file', 'image']);
    if (!file) throw AppError.badRequest(`${MISSING_FIELDS_MESSAGE}: no file in a field named "photo"`);
    res.status(201).json({ data: await photos.add(caller, itemId, file.bytes) });
  });
  router.get('/:id/photos/:photoId', async (req, res) => {
    const photo = await photos.content(callerOf(req), param(req, 'id'), param(req, 'photoId'));
    res.setHeader('content-type', photo.contentType);
    res.setHeader('content-length', String(photo.bytes.length));
    res.setHeader('cache-control', 'private, max-age=86400, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    res.end(photo.bytes);
  });
  router.delete('/:id/photos/:photoId', async (req, res) => {
    res.json({ data: await photos.remove(callerOf(req), param(req, 'id'), param(req, 'photoId')) });
  });

  return router;
}
