import { describe, expect, it } from 'vitest';
import { formatFrame } from './sse.ts';

describe('formatFrame', () => {
  it('writes id, event and JSON data, ended by a blank line', () => {
    expect(formatFrame({ id: 'e1', event: 'notification', data: { title: 'Hi' } })).toBe('id: e1\nevent: notification\ndata: {"title":"Hi"}\n\n');
  });

  it('writes a comment for a heartbeat', () => {
    expect(formatFrame({ comment: 'heartbeat' })).toBe(': heartbeat\n\n');
  });

  it('keeps data with newlines inside one data line (JSON escapes them)', () => {
    const frame = formatFrame({ event: 'notification', data: { message: 'two\nlines' } });
    expect(frame).toBe('event: notification\ndata: {"message":"two\\nlines"}\n\n');
    expect(frame.split('\n\n')).toHaveLength(2);
  });

  it('cannot be broken into two frames by a hostile id or comment', () => {
    expect(formatFrame({ id: 'a\n\ndata: x', comment: 'b\r\nc' })).toBe(': b c\nid: a data: x\n\n');
  });

  it('writes a reauth event without an id', () => {
    expect(formatFrame({ event: 'reauth', data: { reason: 'token_expired' } })).toBe('event: reauth\ndata: {"reason":"token_expired"}\n\n');
  });
});
