import { Writable } from 'node:stream';
import type { IncomingHttpHeaders, Server } from 'node:http';
import express, { type Express } from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { pino } from 'pino';
import { stackEnv, type StackUrls } from '@kicksight/testkit';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, listen, openInfra, type Infra, type Logger, type Principal } from '@kicksight/platform';
import { createApp, type BffApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

export const SERVICE_TOKEN = 'bff-integration-service-token';

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

async function serve(app: Express, cleanups: Cleanups): Promise<{ url: string; server: Server }> {
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
  const { url } = await serve(app, cleanups);
  return {
    jwksUrl: `${url}/.well-known/jwks.json`,
    otherKey,
    mint: (user, { expiresIn = '60m', key = privateKey } = {}) =>
      new SignJWT({ email: user.email ?? `${user.id}@example.com`, name: user.name ?? 'Ana', role: user.role ?? 'member', tier: user.tier ?? 'trial' })
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
 * A stand-in for an owning service: records what reached it, answers `{ data: { service, path } }`.
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
  const { url, server } = await serve(app, cleanups);
  return { url, server, received, release: () => release(), last: () => received.at(-1) };
}

export type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/** A URL where nothing listens (a service that is down). */
export async function deadUrl(): Promise<string> {
  const { server, url } = await listen(express(), 0, '127.0.0.1');
  await closeServer(server, 0);
  return url;
}

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

export interface BffOptions {
  stack: StackUrls;
  prefix: string;
  cleanups: Cleanups;
  env: Record<string, string>;
  /** Starts the consumers too (the event relay and the denylist). */
  start?: boolean;
  logger?: Logger;
}

/** A BFF built as main.ts builds it, on a free port, against the shared Redis and Kafka. */
export async function startBff({ stack, prefix, cleanups, env, start = false, logger }: BffOptions): Promise<{ url: string; app: BffApp; infra: Infra }> {
  const config = loadConfig({
    SERVICE_TOKEN,
    ...stackEnv(stack, prefix),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const opened = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix } });
  cleanups.add(opened.close);
  const infra = logger ? { ...opened.infra, logger } : opened.infra;
  const app = createApp({ infra, config });
  cleanups.add(() => app.stop());
  if (start) await app.start();
  const { url, server } = await serve(app.app, cleanups);
  cleanups.add(async () => {
    app.endStreams();
    await closeServer(server, 500);
  });
  return { url, app, infra };
}

/** `<NAME>_URL` settings pointing every service at the given URL unless overridden. */
export function serviceUrlEnv(urls: Partial<Record<ServiceName, string>>, fallback: string): Record<string, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urls[name] ?? fallback]));
}

export interface StreamFrame {
  id?: string;
  event?: string;
  data?: string;
  comments: string[];
}

/** Reads a server-sent-events answer frame by frame, as a browser would. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: StreamFrame[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: StreamFrame = { comments: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = (frame.data === undefined ? '' : `${frame.data}\n`) + line.slice(6);
          }
          frames.push(frame);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
    }
  })();
  return {
    response,
    frames,
    get ended() {
      return ended;
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
