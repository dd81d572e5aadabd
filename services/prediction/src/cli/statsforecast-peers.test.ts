import { describe, expect, it } from 'vitest';
import { peerCacheKey } from './statsforecast-peers.ts';

describe('the key of kept statsforecast answers', () => {
  const protocol = ['file a.csv', '{"by":"size","windowDays":180,"step":7}', 'origins: every 7 days'];
  const request = JSON.stringify({ season: 7, levels: [50, 80, 95], models: ['auto-ets'], tasks: [{ y: [1, 2], h: [1] }] });

  it('is the same for the same protocol and request', async () => {
    expect(await peerCacheKey(protocol, request)).toBe(await peerCacheKey([...protocol], request));
  });

  it('changes when the protocol changes, even on the same tasks', async () => {
    const key = await peerCacheKey(protocol, request);
    expect(await peerCacheKey([protocol[0]!, '{"by":"size","windowDays":180,"step":14}', protocol[2]!], request)).not.toBe(key);
    expect(await peerCacheKey([...protocol, 'at most 40 series'], request)).not.toBe(key);
  });

  it('changes when the tasks change', async () => {
    expect(await peerCacheKey(protocol, request.replace('[1,2]', '[1,3]'))).not.toBe(await peerCacheKey(protocol, request));
  });
});
