import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';

const EPHEMERAL_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

describe('freePort', () => {
  it('answers ports a server can listen on, none of them one the kernel gives outgoing connections', async () => {
    const ephemeralFrom = existsSync(EPHEMERAL_RANGE) ? Number(readFileSync(EPHEMERAL_RANGE, 'utf8').trim().split(/\s+/)[0]) : 32_768;
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(Math.min(ephemeralFrom, 27_017));
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
