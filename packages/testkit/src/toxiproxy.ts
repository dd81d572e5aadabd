import { uniqueName } from './names.ts';
import { freePort } from './ports.ts';
import type { StackUrls } from './stack.ts';

/** A TCP proxy in front of a real server, which a test can cut and restore. */
export interface Proxy {
  name: string;
  listen: string;
  disable(): Promise<void>;
  enable(): Promise<void>;
  remove(): Promise<void>;
  /** Adds a toxic (toxiproxy's `type`, `stream` and `attributes`, e.g. a `latency` of the answers); resolves with its removal. */
  addToxic(toxic: Toxic): Promise<() => Promise<void>>;
}

/** A fault toxiproxy applies to the traffic of a proxy: `downstream` is what the server answers. */
export interface Toxic {
  type: 'latency' | 'timeout' | 'bandwidth' | 'slow_close' | 'reset_peer' | 'limit_data';
  stream: 'upstream' | 'downstream';
  attributes: Record<string, number>;
}

async function call(api: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok && response.status !== 404) throw new Error(`toxiproxy ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json().catch(() => undefined);
}

/** Creates (or recreates) a proxy `listen -> upstream` on the toxiproxy server. */
export async function createProxy(api: string, name: string, listen: string, upstream: string): Promise<Proxy> {
  await call(api, 'DELETE', `/proxies/${name}`);
  await call(api, 'POST', '/proxies', { name, listen, upstream, enabled: true });
  const setEnabled = (enabled: boolean) => call(api, 'POST', `/proxies/${name}`, { enabled }).then(() => {});
  return {
    name,
    listen,
    disable: () => setEnabled(false),
    enable: () => setEnabled(true),
    remove: () => call(api, 'DELETE', `/proxies/${name}`).then(() => {}),
    addToxic: async (toxic) => {
      const toxicName = uniqueName(`${toxic.type}_${toxic.stream}`);
      await call(api, 'POST', `/proxies/${name}/toxics`, { ...toxic, name: toxicName, toxicity: 1 });
      return () => call(api, 'DELETE', `/proxies/${name}/toxics/${toxicName}`).then(() => {});
    },
  };
}

/** The proxy in front of Kafka's fault listener; clients reach the broker at `urls.kafkaFaultBroker` through it. */
export function createKafkaFaultProxy(urls: StackUrls): Promise<Proxy> {
  const port = urls.kafkaFaultBroker.split(':')[1];
  const listen = urls.source === 'containers' ? `0.0.0.0:${port}` : urls.kafkaFaultBroker;
  return createProxy(urls.toxiproxy, 'kafka-fault', listen, urls.kafkaFaultListener);
}

/**
 * A proxy of its own in front of the server a URL names (postgres://, redis://, mongodb://): answers the
 * same URL pointing through the proxy, so a test can cut that one client's store.
 */
export async function proxyInFront(api: string, label: string, url: string): Promise<{ proxy: Proxy; url: string }> {
  const target = new URL(url);
  const port = await freePort();
  const proxy = await createProxy(api, uniqueName(label), `127.0.0.1:${port}`, `${target.hostname}:${target.port}`);
  target.hostname = '127.0.0.1';
  target.port = String(port);
  return { proxy, url: target.toString() };
}
