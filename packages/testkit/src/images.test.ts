import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { images } from './images.ts';

/** scripts/versions.env: one KEY=value per line, comments with #. */
function pinnedVersions(): Record<string, string> {
  const text = readFileSync(new URL('../../../scripts/versions.env', import.meta.url), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(\S+)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
}

const withoutV = (version: string) => version.replace(/^v/, '');

describe('container images', () => {
  it('run the versions the local stack pins in scripts/versions.env', () => {
    const v = pinnedVersions();
    expect(images).toEqual({
      postgres: `postgres:${v.POSTGRES_MAJOR}-alpine`,
      redis: `redis:${v.REDIS_VERSION}-alpine`,
      kafka: `apache/kafka:${v.KAFKA_VERSION}`,
      ferretdb: `ghcr.io/ferretdb/ferretdb:${withoutV(v.FERRETDB_VERSION!)}`,
      stripe: `stripe/stripe-mock:${v.STRIPE_MOCK_VERSION}`,
      maildev: `maildev/maildev:${v.MAILDEV_VERSION}`,
      toxiproxy: `ghcr.io/shopify/toxiproxy:${withoutV(v.TOXIPROXY_VERSION!)}`,
    });
  });
});
