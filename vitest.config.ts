import { defineConfig } from 'vitest/config';

/** Every workspace, tested as `<name>:unit` (no servers) and `<name>:integration` (real servers). */
const workspaces: Record<string, string> = {
  contracts: 'packages/contracts',
  platform: 'packages/platform',
  testkit: 'packages/testkit',
  stockx: 'packages/stockx',
  auth: 'services/auth',
  catalog: 'services/catalog',
  collection: 'services/collection',
  billing: 'services/billing',
  prediction: 'services/prediction',
  notifications: 'services/notifications',
  'stockx-sandbox': 'services/stockx-sandbox',
  bff: 'bff',
};

export default defineConfig({
  test: {
    projects: [
      ...Object.entries(workspaces).flatMap(([name, dir]) => [
        { test: { name: `${name}:unit`, root: dir, include: ['src/**/*.test.ts'], environment: 'node' } },
        {
          test: {
            name: `${name}:integration`,
            root: dir,
            include: ['test/integration/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['../'.repeat(dir.split('/').length) + 'packages/testkit/src/global-setup.ts'],
            // A test during which a stub answered outside the contract fails.
            setupFiles: ['../'.repeat(dir.split('/').length) + 'packages/testkit/src/setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ]),
      'web/vitest.config.ts',
      // The web server against upstreams the tests start (the BFF's stand-in, image hosts); no stores.
      { test: { name: 'web:integration', root: 'web', include: ['test/integration/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      // The benchmarks' own helpers (the benchmarks themselves run with `npm run bench`).
      { test: { name: 'scripts:unit', root: 'scripts', include: ['bench/**/*.test.ts', 'lint/**/*.test.ts', 'lib/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      // The Helm chart, the plain manifests, skaffold.yaml and the Dockerfiles, checked offline.
      { test: { name: 'deploy:unit', root: 'deploy', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 } },
      // Black-box security probes of the running product in test mode, after e2e (scripts/test.sh reliability).
      { test: { name: 'reliability', root: 'reliability', include: ['**/*.test.ts'], exclude: ['outages/**', 'restarts/**', '**/node_modules/**'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      // Each store taken away under load (scripts/test.sh reliability, after the probes and schemathesis): one at a time.
      { test: { name: 'outages', root: 'reliability/outages', include: ['**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 60_000, fileParallelism: false } },
      // Each service's two replicas restarted one at a time under load (scripts/test.sh reliability, after the outages).
      { test: { name: 'restarts', root: 'reliability/restarts', include: ['**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 60_000, fileParallelism: false } },
      // The product's images run on the local stack, and the servers' images through the test kit (scripts/test.sh images).
      { test: { name: 'images', root: 'images', include: ['**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } },
      // The chart on the one-node cluster of scripts/cluster.sh, from inside its network namespace (scripts/test.sh cluster).
      { test: { name: 'cluster', root: 'deploy/cluster', include: ['**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 60_000, fileParallelism: false } },
      { test: { name: 'e2e', root: 'e2e', include: ['**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, fileParallelism: false } },
    ],
  },
});
