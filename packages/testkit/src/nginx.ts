// Debian's nginx run from a configuration of its own: a plain reverse proxy (the verify benchmark's reference)
// or an ingress spreading requests over several replicas (the rolling restarts of the web server).
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.ts';
import { processCpuSeconds, REPO_ROOT, type ServiceProcess } from './processes.ts';

/** Where Debian puts nginx; `scripts/stack.sh install-nginx` installs it (nginx-light) when it is missing. */
const NGINX_BIN = '/usr/sbin/nginx';

function nginxBinary(): string {
  try {
    accessSync(NGINX_BIN, constants.X_OK);
    return NGINX_BIN;
  } catch {
    const printed = execFileSync(`${REPO_ROOT}scripts/stack.sh`, ['install-nginx'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return printed.trim().split('\n').at(-1)!;
  }
}

/**
 * What an ingress controller does that a plain reverse proxy does not (ingress-nginx's defaults): a request
 * whose connection was refused, or a read whose connection failed, goes to the next replica (a write that went
 * out is never sent twice: nginx leaves POST, PATCH and LOCK alone); a replica that refused is never marked
 * down (max_fails=0: a replica back from a restart gets requests again at once, and two restarted one after the
 * other are never both passed over); answers stream as they come (server-sent events); idle upstream
 * connections close after 60 s.
 */
const INGRESS_SERVER = ' max_fails=0';
const INGRESS_UPSTREAM = 'keepalive 320; keepalive_timeout 60s; keepalive_requests 10000;';
const INGRESS_LOCATION = `
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 5s;
      proxy_buffering off;
      proxy_request_buffering on;`;

export interface NginxConfigOptions {
  /** Where nginx keeps every file it writes. */
  dir: string;
  /** The loopback port it listens on. */
  port: number;
  /** The replicas it proxies to (loopback URLs). */
  upstreams: string[];
  /** As an ingress in front of several replicas (see `INGRESS_LOCATION`), or a plain reverse proxy. */
  ingress?: boolean;
}

/**
 * nginx's configuration as a reverse proxy of `upstreams` on 127.0.0.1:`port`: one process (no master, so its
 * CPU time is that of one pid), upstream connections kept alive, no access log, and every file it writes under
 * `dir`.
 */
export function nginxConfig({ dir, port, upstreams, ingress = false }: NginxConfigOptions): string {
  const servers = upstreams.map((url) => `server ${new URL(url).host}${ingress ? INGRESS_SERVER : ''};`).join(' ');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app { ${servers} ${ingress ? INGRESS_UPSTREAM : 'keepalive 32;'} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;${ingress ? INGRESS_LOCATION : ''}
    }
  }
}
`;
}

export interface NginxProcess extends ServiceProcess {
  /** What nginx wrote to its error log (upstream failures among it). */
  errorLog(): string;
}

/**
 * Debian's nginx in front of `upstreams` (loopback URLs), on a free port, from a configuration of its own under
 * `dir` (removed when it stops); ready once `readyPath` answers 200 through it.
 */
export async function startNginx({ dir, upstreams, ingress, readyPath = '/livez', timeoutMs = 10_000 }: Omit<NginxConfigOptions, 'port'> & { readyPath?: string; timeoutMs?: number }): Promise<NginxProcess> {
  for (const upstream of upstreams) if (new URL(upstream).hostname !== '127.0.0.1') throw new Error(`nginx here only proxies to 127.0.0.1, not ${upstream}`);
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/nginx.conf`, nginxConfig({ dir, port, upstreams, ingress }));
  const child = spawn(nginxBinary(), ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const errorLog = () => {
    try {
      return readFileSync(`${dir}/error.log`, 'utf8');
    } catch {
      return '';
    }
  };
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const stop = async () => {
    process.off('exit', orphaned);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}: ${[...output, errorLog()].join('\n')}`);
    }
    const ok = await fetch(`${url}${readyPath}`).then((answer) => answer.status === 200, () => false);
    if (ok) return { url, pid: child.pid, output: () => [...output], errorLog, cpuSeconds: () => processCpuSeconds(child.pid), stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx was not answering within ${timeoutMs} ms: ${[...output, errorLog()].join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
