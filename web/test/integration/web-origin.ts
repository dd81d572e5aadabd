// The web server as its integration tests run it: the real app on a free port over a build directory the
// test writes, with the BFF (and any other upstream) as local servers the test starts.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Express } from 'express';
import { closeServer, listen, openInfra } from '@kicksight/platform';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** A build directory with these files (path → text), each also as its `.br` and `.gz` copies, as the build writes them. */
export async function writeBuild(files: Record<string, string>): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'web-build-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Any Express app on a free loopback port (an upstream the web server talks to). */
export async function serveApp(app: Express): Promise<Running> {
  const { server, url } = await listen(app, 0);
  return { url, close: () => closeServer(server, 1_000) };
}

/** The web server over a build directory, with these settings. */
export async function serveWeb(env: Record<string, string>): Promise<Running> {
  const config = loadConfig({ BFF_URL: 'http://127.0.0.1:9', ...env });
  const { infra } = await openInfra({ name: 'web', logLevel: 'silent' });
  return serveApp(createApp({ infra, config }).app);
}

/** A GET whose body comes back as sent, not decoded (fetch would undo the Content-Encoding). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
