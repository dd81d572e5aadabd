import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Where test servers listen: below Linux's ephemeral range (32768–60999), which the kernel hands out as the
 * local port of every outgoing connection. A server restarted on its port (a rolling restart) would
 * otherwise find the port taken by some connection opened in the second it was free. Also clear of
 * Kubernetes' node ports (30000–32767), MongoDB's 27017 and the stack's own ports (below 20000).
 */
const LISTEN_PORTS = { from: 20_000, to: 27_000 } as const;
const ATTEMPTS = 100;

/** Whether a server can listen on the port on 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on now: free to start a server on, or the address of a service that is down. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(LISTEN_PORTS.from, LISTEN_PORTS.to);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to} after ${ATTEMPTS} tries`);
}
