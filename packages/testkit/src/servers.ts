// Servers integration tests stand up around the service under test: a JWKS with tokens signed by it
// (auth's signing side), an upstream that records what reached it, a URL where nothing listens.
import { Writable } from 'node:stream';
import type { IncomingHttpHeaders, Server } from 'node:http';
import express, { type Express } from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { pino } from 'pino';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, listen, type Logger, type Principal } from '@kicksight/platform';
import { freePort } from './ports.ts';

/** Things to undo after a test file, in reverse order. */
export class Cleanups {
  private readonly steps: (() => Promise<unknown>)[] = [];
  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.reverse()) await step().catch(() => {});
  }
}

/** Serves an app on a free port of 127.0.0.1 until the cleanups run. */
export async function serveOnFreePort(app: Express, cleanups: Cleanups): Promise<{ url: string; server: Server }> {
  const { server, url } = await listen(app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server, 500));
  return { url, server };
}

/** Auth's signing side, as far as the edge can tell: an ES256 key, its JWKS, and tokens minted with it. */
export interface TokenIssuer {
  jwksUrl: string;
  mint(user: Partial<Principal> & { id: string }, options?: { expiresIn?: string | number; key?: CryptoKey }): Promise<string>;
  otherKey: CryptoKey;
}

export async function startTokenIssuer(cleanups: Cleanups): Promise<TokenIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const otherKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const app = express();
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.json({ keys: [jwk] });
  });
  const { url } = await serveOnFreePort(app, cleanups);
  return {
    jwksUrl: `${url}/.well-known/jwks.json`,
    otherKey,
    mint: (user, { expiresIn = '60m', key = privateKey } = {}) =>
      new SignJWT({ email: user.email ?? `${user.id}@example.com`, name: user.name ?? 'Ana', role: user.role ?? 'member', tier: user.tier ?? 'trial', ...(user.sessionId && { sid: user.sessionId }) })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
  };
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A mirror standing in for an owning service where a test looks only at what reached it (routing, headers,
 * bodies, edge decisions): records each request and answers `{ data: { service, path } }`, naming who
 * answered. That answer is no service's, so it is not checked against the contract; a stand-in that
 * answers as a service does is built on `stubApp()`, which is.
 * `/slow` paths answer after `slowMs`; `/stream` paths send one event, then a second when `release()` is called.
 */
export async function startUpstream(name: string, cleanups: Cleanups, { slowMs = 2_000 } = {}) {
  const received: Received[] = [];
  let release: () => void = () => {};
  const app = express();
  app.use(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ method: req.method, url: req.originalUrl, headers: req.headers, body: Buffer.concat(chunks) });
    // A caller whose connection breaks before any answer (a replica that crashed mid-request).
    if (req.path.endsWith('/cut')) return void req.socket.destroy();
    if (req.path.endsWith('/slow')) await new Promise((r) => setTimeout(r, slowMs));
    if (req.path.endsWith('/stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: tick\ndata: 1\n\n');
      await new Promise<void>((resolve) => (release = resolve));
      res.end('event: tick\ndata: 2\n\n');
      return;
    }
    if (res.writableEnded || res.destroyed) return;
    res.json({ data: { service: name, path: req.originalUrl } });
  });
  const { url, server } = await serveOnFreePort(app, cleanups);
  return { url, server, received, release: () => release(), last: () => received.at(-1) };
}

export type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/** A URL where nothing listens (a service that is down). */
export const deadUrl = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;

/** Log lines written by an app, kept for assertions. */
export function captureLogger(): { logger: Logger; lines: () => string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines: () => lines };
}
