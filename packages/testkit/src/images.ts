/**
 * The container images of the servers, at the versions the local stack runs (scripts/versions.env): the
 * testcontainers path (containers.ts) and deploy/compose.yaml use these, and unit tests keep all three equal.
 */
export const images = {
  postgres: 'postgres:15-alpine',
  redis: 'redis:7.0-alpine',
  kafka: 'apache/kafka:3.9.1',
  /** FerretDB v1 with its SQLite backend, as locally (not MongoDB itself). */
  ferretdb: 'ghcr.io/ferretdb/ferretdb:1.24.2',
  stripe: 'stripe/stripe-mock:v0.203.0',
  maildev: 'maildev/maildev:3.0.0',
  toxiproxy: 'ghcr.io/shopify/toxiproxy:2.5.0',
} as const;
