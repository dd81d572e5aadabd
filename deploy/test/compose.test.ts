import { readFileSync } from 'node:fs';
import path from 'node:path';
import { images } from '@kicksight/testkit/images';
import { describe, expect, it } from 'vitest';
import { ROOT, parseYaml } from '../tools.ts';

interface ComposeFile {
  services: Record<string, { image: string; ports?: string[] }>;
}

const compose = parseYaml(readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8'))[0] as unknown as ComposeFile;

describe('deploy/compose.yaml', () => {
  it('runs each server of the local stack from the image the integration tests use', () => {
    const byService = Object.fromEntries(Object.entries(compose.services).map(([name, service]) => [name, service.image]));
    expect(byService).toEqual({
      postgres: images.postgres,
      redis: images.redis,
      kafka: images.kafka,
      mongo: images.ferretdb,
      stripe: images.stripe,
      smtp: images.maildev,
      toxiproxy: images.toxiproxy,
    });
  });

  it('publishes every port on 127.0.0.1 only, on the local stack’s port variables', () => {
    const ports = Object.values(compose.services).flatMap((service) => service.ports ?? []);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:\$\{KS_[A-Z_]+_PORT:-\d+\}:\d+$/);
  });
});
