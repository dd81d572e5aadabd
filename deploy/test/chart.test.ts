import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_DIR, ROOT, helmLint, helmTemplate, parseYaml, schemaProblems, type K8sObject } from '../tools.ts';
import { podSpecOf, workloadProblems, workloadsOf } from '../workload-policy.ts';
import { containerEnv, loadSettings, workloadsWithSettings } from '../workload-env.ts';

const VALUES_SETS: Record<string, string[]> = {
  'values.yaml': [],
  'values-dev.yaml': ['values-dev.yaml'],
  'values-prod.yaml': ['values-prod.yaml'],
};
const PREDICTION = 'kicksight-prediction';

const render = (valuesFiles: string[], sets: string[] = []): K8sObject[] => parseYaml(helmTemplate(valuesFiles, sets));
const named = (objects: K8sObject[], kind: string, name: string): K8sObject | undefined => objects.find((o) => o.kind === kind && o.metadata.name === name);
const componentOf = (o: K8sObject): string => o.metadata.labels?.['app.kubernetes.io/component'] ?? '';
const firstContainer = (o: K8sObject) => podSpecOf(o)!.containers[0]!;
const envValue = (o: K8sObject, name: string) => firstContainer(o).env?.find((e) => e.name === name)?.value;

describe.each(Object.entries(VALUES_SETS))('the chart with %s', (_label, valuesFiles) => {
  const objects = render(valuesFiles);
  const deployments = objects.filter((o) => o.kind === 'Deployment');

  it('passes helm lint --strict', () => {
    expect(helmLint(valuesFiles)).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  it('renders manifests valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(20);
    expect(schemaProblems(helmTemplate(valuesFiles))).toEqual([]);
  });

  it('gives every workload resources, probes and a locked-down security context, and prediction its autoscaler', () => {
    expect(workloadsOf(objects).length).toBeGreaterThanOrEqual(deployments.length);
    expect(workloadProblems(objects, { autoscaled: [PREDICTION] })).toEqual([]);
  });

  it('runs the six services, the feed, the workers, the BFF and the web server', () => {
    expect(deployments.map(componentOf).sort()).toEqual([...workloadsWithSettings].sort());
  });

  it('sets every setting each workload requires, as its own settings module reads them, and probes the port it listens on', async () => {
    for (const deployment of deployments) {
      const { port } = await loadSettings(componentOf(deployment), containerEnv(deployment, objects));
      const http = firstContainer(deployment).ports?.find((p) => p.name === 'http');
      expect(port, deployment.metadata.name).toBe(http?.containerPort);
    }
  });

  it('points every in-cluster address at a rendered Service and port', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap')!;
    const addresses = Object.entries(config.data ?? {}).filter(([, v]) => /^http:\/\/kicksight-/.test(v));
    expect(addresses.length).toBeGreaterThanOrEqual(8);
    for (const [key, value] of addresses) {
      const url = new URL(value);
      const service = named(objects, 'Service', url.hostname);
      const ports = ((service?.spec as { ports?: { port: number }[] } | undefined)?.ports ?? []).map((p) => p.port);
      expect(ports, `${key}=${value}`).toContain(Number(url.port));
    }
  });

  it('keeps each internal port reachable only from the release pods', () => {
    const internal = deployments.filter((d) => firstContainer(d).ports?.some((p) => p.name === 'internal'));
    expect(internal.map(componentOf).sort()).toEqual(['auth', 'bff', 'billing', 'catalog', 'collection', 'notifications', 'prediction', 'web']);
    for (const deployment of internal) {
      const policy = named(objects, 'NetworkPolicy', deployment.metadata.name)?.spec as
        | { podSelector: { matchLabels: Record<string, string> }; ingress: { from?: { podSelector?: { matchLabels: Record<string, string> } }[]; ports: { port: string }[] }[] }
        | undefined;
      expect(policy, deployment.metadata.name).toBeDefined();
      expect(policy!.podSelector.matchLabels['app.kubernetes.io/name']).toBe(componentOf(deployment));
      const internalRule = policy!.ingress.find((rule) => rule.ports.some((p) => p.port === 'internal'))!;
      expect(internalRule.from?.[0]?.podSelector?.matchLabels).toEqual({ 'app.kubernetes.io/part-of': 'kicksight', 'app.kubernetes.io/instance': 'kicksight' });
      expect(policy!.ingress.filter((rule) => !rule.from).flatMap((rule) => rule.ports.map((p) => p.port))).toEqual(['http']);
    }
  });

  it('lets every workload (the BFF and the web server among them) leave its endpoints before SIGTERM, and gives it the time to drain within its grace period', async () => {
    expect(deployments.map(componentOf)).toEqual(expect.arrayContaining(['bff', 'web']));
    for (const deployment of deployments) {
      const preStop = (firstContainer(deployment) as { lifecycle?: { preStop?: { sleep?: { seconds: number } } } }).lifecycle?.preStop?.sleep?.seconds;
      const grace = (podSpecOf(deployment) as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds;
      // The process's own grace, as it boots with this pod's environment.
      const { settings } = await loadSettings(componentOf(deployment), containerEnv(deployment, objects));
      const drainS = Number(settings.SHUTDOWN_GRACE_MS) / 1000;
      expect(drainS, deployment.metadata.name).toBeGreaterThan(0);
      expect(preStop, deployment.metadata.name).toBeGreaterThan(0);
      expect(grace, deployment.metadata.name).toBeGreaterThanOrEqual(preStop! + drainS + 5);
    }
  });

  it('gives a disruption budget to every workload that runs or scales to more than one pod', () => {
    for (const deployment of deployments) {
      const replicas = (deployment.spec as { replicas?: number }).replicas;
      const autoscaled = named(objects, 'HorizontalPodAutoscaler', deployment.metadata.name) !== undefined;
      if (autoscaled || (replicas ?? 1) > 1) expect(named(objects, 'PodDisruptionBudget', deployment.metadata.name), deployment.metadata.name).toBeDefined();
    }
  });

  it('migrates each database and creates the topics in hook Jobs before the workloads roll', () => {
    const jobs = objects.filter((o) => o.kind === 'Job');
    const hook = (o: K8sObject) => o.metadata.annotations?.['helm.sh/hook'];
    const weight = (o: K8sObject) => Number(o.metadata.annotations?.['helm.sh/hook-weight']);
    const topics = named(objects, 'Job', 'kicksight-topics')!;
    expect(hook(topics)).toBe('pre-install,pre-upgrade');
    const migrations = jobs.filter((j) => componentOf(j).startsWith('migrate-'));
    expect(migrations.map(componentOf).sort()).toEqual(['migrate-auth', 'migrate-billing', 'migrate-collection', 'migrate-notifications']);
    for (const job of migrations) {
      expect(hook(job)).toBe('pre-install,pre-upgrade');
      expect(weight(job)).toBeGreaterThan(weight(topics));
      const [script, dir] = (firstContainer(job).command as string[]).slice(1);
      expect(script).toBe('packages/platform/src/cli/migrate.ts');
      expect(existsSync(path.join(ROOT, script!)), script).toBe(true);
      expect(existsSync(path.join(ROOT, dir!)), dir).toBe(true);
      const service = componentOf(job).slice('migrate-'.length);
      expect(firstContainer(job).image).toBe(firstContainer(named(objects, 'Deployment', `kicksight-${service}`)!).image);
    }
  });

  it('routes /api to the BFF and everything else to the web server', () => {
    const ingress = objects.find((o) => o.kind === 'Ingress')!.spec as { rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[] };
    const routes = Object.fromEntries(ingress.rules[0]!.http.paths.map((p) => [p.path, p.backend.service.name]));
    expect(routes).toEqual({ '/api': 'kicksight-bff', '/': 'kicksight-web' });
  });
});

describe('the chart', () => {
  const objects = render([]);

  it("runs the market feed and the notifications and billing workers as their own Deployments in their service images", () => {
    const catalog = named(objects, 'Deployment', 'kicksight-catalog')!;
    const feed = named(objects, 'Deployment', 'kicksight-catalog-feed')!;
    expect(firstContainer(feed).command).toEqual(['node', '--import', '@kicksight/platform/telemetry', 'services/catalog/src/feed-main.ts']);
    expect(firstContainer(feed).image).toBe(firstContainer(catalog).image);
    expect(envValue(feed, 'MARKET_FEED_ENABLED')).toBe('true');
    expect(envValue(catalog, 'MARKET_FEED_ENABLED')).toBe('false');
    const workers = named(objects, 'Deployment', 'kicksight-notifications-worker')!;
    expect(firstContainer(workers).command).toEqual(['node', '--import', '@kicksight/platform/telemetry', 'services/notifications/src/worker-main.ts']);
    expect(firstContainer(workers).image).toBe(firstContainer(named(objects, 'Deployment', 'kicksight-notifications')!).image);
    const billing = named(objects, 'Deployment', 'kicksight-billing')!;
    const billingWorker = named(objects, 'Deployment', 'kicksight-billing-worker')!;
    expect(firstContainer(billingWorker).command).toEqual(['node', '--import', '@kicksight/platform/telemetry', 'services/billing/src/worker-main.ts']);
    expect(firstContainer(billingWorker).image).toBe(firstContainer(billing).image);
    expect(envValue(billing, 'RUN_WORKERS')).toBe('false');
    expect(envValue(billingWorker, 'RUN_WORKERS')).toBeUndefined();
    for (const entry of ['services/catalog/src/feed-main.ts', 'services/notifications/src/worker-main.ts', 'services/billing/src/worker-main.ts']) expect(existsSync(path.join(ROOT, entry)), entry).toBe(true);
  });

  it('documents every Secret key a workload or Job reads', () => {
    const documented = readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8');
    const keys = new Set(JSON.stringify(objects).match(/"secretKeyRef":\{"name":"kicksight-secrets","key":"[A-Z_]+"/g)!.map((m) => m.split('"key":"')[1]!.slice(0, -1)));
    expect(keys.size).toBeGreaterThanOrEqual(12);
    for (const key of keys) expect(documented, key).toMatch(new RegExp(`^#\\s+${key}\\b`, 'm'));
  });

  it('fails the settings check when a workload misses a required setting', async () => {
    const rendered = render([], ['services.bff.secretEnv.SERVICE_TOKEN=null', 'services.auth.secretEnv.JWT_SIGNING_KEYS=null']);
    const env = (name: string) => containerEnv(named(rendered, 'Deployment', `kicksight-${name}`)!, rendered);
    await expect(loadSettings('bff', env('bff'))).rejects.toThrow(/SERVICE_TOKEN/);
    await expect(loadSettings('auth', env('auth'))).rejects.toThrow(/JWT_SIGNING_KEYS/);
  });

  it('seeds the catalogue after install where asked, from the real files when a volume holds them', () => {
    expect(named(objects, 'Job', 'kicksight-seed')).toBeUndefined();
    const dev = render(['values-dev.yaml'], ['jobs.seed.dataVolume.persistentVolumeClaim.claimName=kicksight-data']);
    const seed = named(dev, 'Job', 'kicksight-seed')!;
    expect(seed.metadata.annotations?.['helm.sh/hook']).toBe('post-install,post-upgrade');
    expect(firstContainer(seed).command).toEqual(['node', 'services/catalog/src/cli/import.ts', '--quiet']);
    expect(firstContainer(seed).image).toBe(firstContainer(named(dev, 'Deployment', 'kicksight-catalog')!).image);
    expect(envValue(seed, 'DATA_DIR')).toBe('/data');
    expect(podSpecOf(seed)!.volumes).toContainEqual({ name: 'data', persistentVolumeClaim: { claimName: 'kicksight-data' } });
  });

  it('creates the Secret only when asked to, as an ordinary object of the release, and then runs the Jobs beside the workloads', () => {
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
    const manifests = helmTemplate([], ['secrets.create=true', 'secrets.data.SERVICE_TOKEN=a-token-of-sixteen-characters']);
    const rendered = parseYaml(manifests);
    const secret = named(rendered, 'Secret', 'kicksight-secrets')!;
    expect(secret.metadata.annotations?.['helm.sh/hook']).toBeUndefined();
    const jobs = rendered.filter((o) => o.kind === 'Job');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual([
      'kicksight-migrate-auth-r1',
      'kicksight-migrate-billing-r1',
      'kicksight-migrate-collection-r1',
      'kicksight-migrate-notifications-r1',
      'kicksight-topics-r1',
    ]);
    for (const job of jobs) expect(job.metadata.annotations?.['helm.sh/hook'], job.metadata.name).toBeUndefined();
    expect(JSON.stringify(named(rendered, 'Job', 'kicksight-migrate-auth-r1'))).toContain('"secretKeyRef":{"name":"kicksight-secrets","key":"AUTH_DATABASE_URL"}');
    expect(schemaProblems(manifests)).toEqual([]);
  });

  it('scales prediction on requests per second too where the metric is served', () => {
    const rendered = render(['values-prod.yaml'], ['services.prediction.autoscaling.requestRate.enabled=true']);
    const hpa = named(rendered, 'HorizontalPodAutoscaler', PREDICTION)!.spec as { minReplicas: number; maxReplicas: number; metrics: { type: string; pods?: { metric: { name: string } } }[] };
    expect(hpa.metrics.map((m) => m.type)).toEqual(['Resource', 'Pods']);
    expect(hpa.metrics[1]!.pods!.metric.name).toBe('http_requests_per_second');
    expect([hpa.minReplicas, hpa.maxReplicas]).toEqual([2, 10]);
  });
});

describe('the chart with values-local-cluster.yaml (the one-node cluster of scripts/cluster.sh)', () => {
  const valuesFiles = ['values-local-cluster.yaml'];
  const objects = render(valuesFiles);
  const serviceHas = (host: string, port: number) => {
    const service = named(objects, 'Service', host)?.spec as { ports: { port: number }[] } | undefined;
    return service?.ports.some((p) => p.port === port) ?? false;
  };

  it('passes helm lint --strict and renders manifests valid against the Kubernetes schemas', () => {
    expect(helmLint(valuesFiles)).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(schemaProblems(helmTemplate(valuesFiles))).toEqual([]);
  });

  it('runs each store as a StatefulSet behind a Service of its name, and points the settings at them', () => {
    const stores = objects.filter((o) => o.kind === 'StatefulSet');
    expect(stores.map((o) => o.metadata.name).sort()).toEqual(['kafka', 'mongo', 'postgres', 'redis', 'smtp', 'stripe']);
    for (const store of stores) expect(named(objects, 'Service', store.metadata.name), store.metadata.name).toBeDefined();
    const config = (objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'kicksight-config') as unknown as { data: Record<string, string> }).data;
    const [kafkaHost, kafkaPort] = config.KAFKA_BROKERS!.split(':');
    expect(serviceHas(kafkaHost!, Number(kafkaPort))).toBe(true);
    const redis = new URL(config.REDIS_URL!);
    expect(serviceHas(redis.hostname, Number(redis.port))).toBe(true);
    expect(serviceHas(config.SMTP_HOST!, Number(config.SMTP_PORT))).toBe(true);
    const secret = (named(objects, 'Secret', 'kicksight-secrets') as unknown as { stringData: Record<string, string> }).stringData;
    for (const key of ['AUTH_DATABASE_URL', 'COLLECTION_DATABASE_URL', 'BILLING_DATABASE_URL', 'NOTIFICATIONS_DATABASE_URL', 'CATALOG_MONGO_URL']) {
      const url = new URL(secret[key]!);
      expect(serviceHas(url.hostname, Number(url.port)), key).toBe(true);
    }
    const billing = named(objects, 'Deployment', 'kicksight-billing')!;
    const stripe = new URL(envValue(billing, 'STRIPE_API_BASE')!);
    expect(serviceHas(stripe.hostname, Number(stripe.port))).toBe(true);
  });

  it('creates every database the services migrate once PostgreSQL answers', () => {
    const postgres = firstContainer(named(objects, 'StatefulSet', 'postgres')!) as { lifecycle?: { postStart?: { exec?: { command: string[] } } } };
    const script = postgres.lifecycle!.postStart!.exec!.command.at(-1)!;
    const databases = /for db in ([\w ]+); do/.exec(script)![1]!.split(' ');
    const secret = (named(objects, 'Secret', 'kicksight-secrets') as unknown as { stringData: Record<string, string> }).stringData;
    const wanted = Object.entries(secret).filter(([key]) => key.endsWith('_DATABASE_URL')).map(([, url]) => new URL(url).pathname.slice(1));
    expect(databases.sort()).toEqual(wanted.sort());
    expect(script).toMatch(/CREATE DATABASE \$db/);
  });

  it('runs the Jobs as objects of the release (the Secret and the stores come with it), kept while the cluster runs', () => {
    const jobs = objects.filter((o) => o.kind === 'Job' && componentOf(o) !== 'seed');
    expect(jobs.map(componentOf).sort()).toEqual(['migrate-auth', 'migrate-billing', 'migrate-collection', 'migrate-notifications', 'topics']);
    for (const job of jobs) {
      expect(job.metadata.annotations?.['helm.sh/hook'], job.metadata.name).toBeUndefined();
      expect(job.metadata.name).toMatch(/-r1$/);
      expect((job.spec as { ttlSecondsAfterFinished: number }).ttlSecondsAfterFinished).toBeGreaterThanOrEqual(3600);
    }
  });

  it('never pulls an image, and lets prediction scale back within a minute', () => {
    for (const workload of workloadsOf(objects)) {
      for (const container of podSpecOf(workload)!.containers) expect((container as { imagePullPolicy?: string }).imagePullPolicy, `${workload.metadata.name}/${container.name}`).toBe('Never');
    }
    const hpa = named(objects, 'HorizontalPodAutoscaler', PREDICTION)!.spec as { minReplicas: number; behavior: { scaleDown: { stabilizationWindowSeconds: number } } };
    expect(hpa.minReplicas).toBe(1);
    expect(hpa.behavior.scaleDown.stabilizationWindowSeconds).toBeLessThanOrEqual(60);
  });
});

describe('the workload check', () => {
  it('fails when prediction has no autoscaler', () => {
    const objects = render([], ['services.prediction.autoscaling.enabled=false']);
    expect(workloadProblems(objects, { autoscaled: [PREDICTION] })).toEqual([
      `${PREDICTION}: no HorizontalPodAutoscaler`,
    ]);
  });

  it('fails when the root filesystem is writable', () => {
    const objects = render([], ['securityContext.readOnlyRootFilesystem=false']);
    const problems = workloadProblems(objects, { autoscaled: [PREDICTION] });
    expect(problems).toContain('Deployment kicksight-auth, container auth: root filesystem is writable');
    expect(problems).toContain('Job kicksight-topics, container topics: root filesystem is writable');
  });

  it('fails when a workload lacks resources, probes or the security context', () => {
    const objects = render([]);
    const auth = podSpecOf(named(objects, 'Deployment', 'kicksight-auth')!)!;
    delete auth.containers[0]!.resources;
    delete auth.containers[0]!.readinessProbe;
    delete auth.securityContext;
    auth.containers[0]!.securityContext = { readOnlyRootFilesystem: true, allowPrivilegeEscalation: true };
    expect(workloadProblems(objects, { autoscaled: [PREDICTION] })).toEqual([
      'Deployment kicksight-auth, container auth: no CPU request',
      'Deployment kicksight-auth, container auth: no memory request',
      'Deployment kicksight-auth, container auth: no memory limit',
      'Deployment kicksight-auth, container auth: may run as root (runAsNonRoot is not true)',
      'Deployment kicksight-auth, container auth: privilege escalation is allowed',
      'Deployment kicksight-auth, container auth: capabilities are not all dropped',
      'Deployment kicksight-auth, container auth: no readiness probe on /readyz',
    ]);
  });
});
