import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { images, pinnedVersions } from './images.ts';

const withoutV = (version: string) => version.replace(/^v/, '');

describe('container images', () => {
  it('run the versions the local stack pins in scripts/versions.env', () => {
    const v = pinnedVersions();
    expect(images).toEqual({
      postgres: `kicksight/postgres:${v.POSTGRES_MAJOR}`,
      redis: `kicksight/redis:${v.REDIS_VERSION}`,
      kafka: `kicksight/kafka:${v.KAFKA_VERSION}`,
      ferretdb: `kicksight/ferretdb:${withoutV(v.FERRETDB_VERSION!)}`,
      stripe: `kicksight/stripe-mock:${withoutV(v.STRIPE_MOCK_VERSION!)}`,
      maildev: `kicksight/maildev:${v.MAILDEV_VERSION}`,
      toxiproxy: `kicksight/toxiproxy:${withoutV(v.TOXIPROXY_VERSION!)}`,
    });
  });

  it('are the tags scripts/images.sh builds', () => {
    const script = new URL('../../../scripts/images.sh', import.meta.url).pathname;
    const built = Object.fromEntries(
      execFileSync('bash', [script, 'tags'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((line) => line.split('=') as [string, string]),
    );
    expect(images).toEqual({
      postgres: built.postgres,
      redis: built.redis,
      kafka: built.kafka,
      ferretdb: built.ferretdb,
      stripe: built['stripe-mock'],
      maildev: built.maildev,
      toxiproxy: built.toxiproxy,
    });
  });
});
