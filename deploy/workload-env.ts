// The environment a rendered workload's container starts with, and the settings module that reads it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { podSpecOf } from './workload-policy.ts';
import { ROOT, type K8sObject } from './tools.ts';

/** The Secret's keys as the chart documents them, each with a value of the right shape. */
export function placeholderSecret(key: string): string {
  if (key.endsWith('DATABASE_URL')) return `postgres://kicksight:password@postgres:5432/${key.split('_')[0]!.toLowerCase()}`;
  if (key.endsWith('MONGO_URL')) return 'mongodb://kicksight:password@mongo:27017/catalog';
  if (key === 'JWT_SIGNING_KEYS') return '[{"kty":"EC","crv":"P-256","kid":"k1"}]';
  if (key === 'SEED_ADMIN_EMAIL') return 'admin@kicksight.example';
  return `${key.toLowerCase()}-0123456789abcdef0123456789abcdef`;
}

/**
 * The first container's environment: its ConfigMaps, then its own variables; variables from the
 * Secret get placeholders (optional ones are left out, as when the Secret lacks them).
 */
export function containerEnv(workload: K8sObject, objects: K8sObject[]): Record<string, string> {
  const container = podSpecOf(workload)?.containers[0];
  if (!container) throw new Error(`${workload.metadata.name} has no container`);
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef?.name;
    if (!ref) continue;
    const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === ref);
    if (!configMap) throw new Error(`${workload.metadata.name} reads ConfigMap ${ref}, which is not rendered`);
    Object.assign(env, configMap.data);
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    if (secret?.optional) continue;
    env[variable.name] = secret ? placeholderSecret(secret.key) : (variable.value ?? '');
  }
  return env;
}

/** Settings module of each workload (the feed and the workers read their service's), and the setting holding its port. */
const SETTINGS: Record<string, { module: string; port: string }> = {
  auth: { module: 'services/auth/src/config.ts', port: 'PORT' },
  catalog: { module: 'services/catalog/src/config.ts', port: 'PORT' },
  'catalog-feed': { module: 'services/catalog/src/config.ts', port: 'PORT' },
  collection: { module: 'services/collection/src/config.ts', port: 'PORT' },
  billing: { module: 'services/billing/src/config.ts', port: 'PORT' },
  'billing-worker': { module: 'services/billing/src/config.ts', port: 'WORKER_PORT' },
  prediction: { module: 'services/prediction/src/config.ts', port: 'PORT' },
  notifications: { module: 'services/notifications/src/config.ts', port: 'PORT' },
  'notifications-worker': { module: 'services/notifications/src/config.ts', port: 'WORKER_PORT' },
  bff: { module: 'bff/src/config.ts', port: 'PORT' },
  web: { module: 'web/server/config.ts', port: 'PORT' },
};

export const workloadsWithSettings = Object.keys(SETTINGS);

function settingsOf(component: string): { module: string; port: string } {
  const settings = SETTINGS[component];
  if (!settings) throw new Error(`no settings module known for ${component}`);
  return settings;
}

/**
 * Loads the workload's settings from `env` as the process would at boot (throwing what it
 * would), and returns them with the port the process listens on.
 */
export async function loadSettings(component: string, env: Record<string, string>): Promise<{ settings: Record<string, unknown>; port: unknown }> {
  const { module, port } = settingsOf(component);
  const loaded = (await import(pathToFileURL(path.join(ROOT, module)).href)) as { loadConfig: (env: Record<string, string | undefined>) => Record<string, unknown> };
  const settings = loaded.loadConfig(env);
  return { settings, port: settings[port] };
}
