import { readFileSync } from 'node:fs';

/**
 * The container images of the servers, at the versions the local stack runs (scripts/versions.env), built on this
 * machine from the same Debian packages and tool builds by `scripts/images.sh stores` (no image registry): the
 * testcontainers path (containers.ts) and deploy/compose.yaml use these, and unit tests keep all of them equal.
 */
export const images = {
  postgres: 'kicksight/postgres:15',
  redis: 'kicksight/redis:7.0',
  kafka: 'kicksight/kafka:3.9.1',
  /** FerretDB v1 with its SQLite backend, as locally (not MongoDB itself). */
  ferretdb: 'kicksight/ferretdb:1.24.2',
  stripe: 'kicksight/stripe-mock:0.203.0',
  maildev: 'kicksight/maildev:3.0.0',
  toxiproxy: 'kicksight/toxiproxy:2.5.0',
} as const;

/** The versions scripts/versions.env pins (one KEY=value per line, comments with #). */
export function pinnedVersions(): Record<string, string> {
  const text = readFileSync(new URL('../../../scripts/versions.env', import.meta.url), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(\S+)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
}
