import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@kicksight/contracts';
import { startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

const jpeg = (size = 2_048) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 1)]);
const webp = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(512, 2)]);

function form(bytes: Buffer, filename = 'pair.jpg', type = 'image/jpeg'): FormData {
  const body = new FormData();
  body.append('photo', new Blob([bytes], { type }), filename);
  return body;
}

async function itemOf(member: Member): Promise<string> {
  const { body } = await stack.api.post('/api/collections', { name: 'Dunk Low', brand: 'Nike', purchasePrice: 10_000 }, member.token);
  return body.data.id;
}

const upload = (member: Member, itemId: string, body: FormData | Buffer, headers?: Record<string, string>) =>
  stack.send('POST', `/api/collections/${itemId}/photos`, member.token, body as RequestInit['body'], headers);

describe('photos', () => {
  it('stores JPEG, PNG and WebP photos by their content, and serves them back', async () => {
    const member = await stack.member();
    const itemId = await itemOf(member);
    const uploaded = [];
    for (const [bytes, name, type] of [
      [jpeg(), 'a.jpg', 'image/jpeg'],
      [png(), 'b.png', 'image/png'],
      [webp(), 'c.webp', 'image/webp'],
    ] as const) {
      const answer = await upload(member, itemId, form(bytes, name, type));
      expect(answer.status).toBe(201);
      const { data } = (await answer.json()) as { data: { id: string; contentType: string; size: number; url: string } };
      expect(data).toMatchObject({ contentType: type, size: bytes.length, url: `/api/collections/${itemId}/photos/${data.id}` });
      uploaded.push({ ...data, bytes });
    }
    const image = await stack.send('GET', uploaded[1]!.url, member.token);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(uploaded[1]!.bytes)).toBe(true);

    const item = await stack.api.get(`/api/collections/${itemId}`, member.token);
    expect(item.body.data.photoCount).toBe(3);
    expect(item.body.data.photos.map((p: { contentType: string }) => p.contentType)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect((await stack.api.get(`/api/collections/${itemId}/photos`, member.token)).body.data).toHaveLength(3);
  });

  it('takes a photo of exactly 5 MB, and refuses 6 MB with a clear message', async () => {
    const member = await stack.member();
    const itemId = await itemOf(member);
    expect((await upload(member, itemId, form(jpeg(PHOTO_MAX_BYTES)))).status).toBe(201);
    const refused = await upload(member, itemId, form(jpeg(6 * 1024 * 1024)));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The photo is too large: at most 5 MB' });
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, whatever it is called', async () => {
    const member = await stack.member();
    const itemId = await itemOf(member);
    for (const bytes of [Buffer.from('%PDF-1.7 not a photo'), Buffer.from('GIF89a-------'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const refused = await upload(member, itemId, form(bytes, 'pair.jpg', 'image/jpeg'));
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only JPEG, PNG or WebP images can be uploaded' });
    }
    const notMultipart = await upload(member, itemId, jpeg(), { 'content-type': 'image/jpeg' });
    expect(notMultipart.status).toBe(400);
    const noFile = new FormData();
    noFile.append('caption', 'nothing attached');
    expect((await upload(member, itemId, noFile)).status).toBe(400);
    expect((await stack.api.get(`/api/collections/${itemId}`, member.token)).body.data.photoCount).toBe(0);
  });

  it('keeps at most 5 photos per item', async () => {
    const member = await stack.member();
    const itemId = await itemOf(member);
    const answers = await Promise.all(Array.from({ length: 7 }, () => upload(member, itemId, form(jpeg()))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.find((a) => a.status !== 201)!;
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: 'PHOTO_LIMIT', message: 'An item can have at most 5 photos' });
  });

  it('deletes a photo, and deleting the item deletes its photos', async () => {
    const member = await stack.member();
    const itemId = await itemOf(member);
    const first = (await (await upload(member, itemId, form(jpeg()))).json()) as { data: { id: string; url: string } };
    const second = (await (await upload(member, itemId, form(png(), 'b.png', 'image/png'))).json()) as { data: { id: string; url: string } };
    expect((await stack.api.delete(first.data.url, undefined, member.token)).status).toBe(200);
    expect((await stack.send('GET', first.data.url, member.token)).status).toBe(404);
    await stack.api.delete(`/api/collections/${itemId}`, undefined, member.token);
    expect((await stack.send('GET', second.data.url, member.token)).status).toBe(404);
    const { rowCount } = await stack.pool.query('SELECT 1 FROM photo WHERE item_id = $1', [itemId]);
    expect(rowCount).toBe(0);
  });

  it("answers 404 for another member's photos", async () => {
    const owner = await stack.member();
    const other = await stack.member();
    const itemId = await itemOf(owner);
    const photo = (await (await upload(owner, itemId, form(jpeg()))).json()) as { data: { url: string } };
    expect((await stack.send('GET', photo.data.url, other.token)).status).toBe(404);
    expect((await stack.api.delete(photo.data.url, undefined, other.token)).status).toBe(404);
    expect((await stack.api.get(`/api/collections/${itemId}/photos`, other.token)).status).toBe(404);
    expect((await upload(other, itemId, form(jpeg()))).status).toBe(404);
    expect((await stack.send('GET', photo.data.url, owner.token)).status).toBe(200);
  });
});
