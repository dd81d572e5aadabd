// Brings a service's database to the latest schema (the kit's tables, then the service's own), as the
// service does at start; Kubernetes runs it as a Job before an install or upgrade.
//   DATABASE_URL=postgres://... node packages/platform/src/cli/migrate.ts services/<name>/src/store/migrations
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { commonEnv, envField, parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { migrate } from '../postgres.ts';

const [dir] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: DATABASE_URL=<postgres url> migrate.ts <the service migrations directory>\n');
  process.exit(2);
}
const migrations = resolve(dir);
if (!existsSync(migrations)) {
  process.stderr.write(`no migrations directory at ${migrations}\n`);
  process.exit(2);
}
const config = parseConfig(z.object({ LOG_LEVEL: commonEnv.LOG_LEVEL, DATABASE_URL: envField.url() }));
await migrate(config.DATABASE_URL, migrations, createLogger('migrate', config.LOG_LEVEL));
process.stdout.write(`migrated: ${migrations}\n`);
