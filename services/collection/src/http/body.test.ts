import { describe, expect, it } from 'vitest';
import { fileFromMultipart, multipartBoundary } from './body.ts';

const multipart = (boundary: string, parts: { name: string; filename?: string; type?: string; content: Buffer | string }[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

describe('multipart bodies', () => {
  it('finds the boundary of a multipart content type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; boundary="quoted value"')).toBe('quoted value');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });

  it('reads the file part, bytes untouched, skipping plain fields', () => {
    const image = Buffer.from([0xff, 0xd8, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xd9]);
    const body = multipart('XyZ', [
      { name: 'caption', content: 'my pair' },
      { name: 'photo', filename: 'pair.jpg', type: 'image/jpeg', content: image },
    ]);
    const file = fileFromMultipart(body, 'XyZ', ['photo']);
    expect(file?.field).toBe('photo');
    expect(file?.filename).toBe('pair.jpg');
    expect(file?.bytes.equals(image)).toBe(true);
  });

  it('finds nothing without a file part of the asked fields, or in a cut body', () => {
    const body = multipart('b', [{ name: 'other', filename: 'x.png', content: 'x' }]);
    expect(fileFromMultipart(body, 'b', ['photo'])).toBeUndefined();
    expect(fileFromMultipart(body.subarray(0, 40), 'b')).toBeUndefined();
    expect(fileFromMultipart(Buffer.from('not multipart'), 'b')).toBeUndefined();
  });
});
