// Creates an administrator account, or promotes an existing account to administrator.
//   node services/auth/src/cli/create-admin.ts <email> <name>   (the password is read from ADMIN_PASSWORD)
import { fileURLToPath } from 'node:url';
import { createLogger, createPgPool, migrate, systemClock } from '@kicksight/platform';
import { loadConfig } from '../config.ts';
import { createAccounts } from '../domain/accounts.ts';
import { loadSigningKeys } from '../domain/tokens.ts';

const [email, name = 'Administrator'] = process.argv.slice(2);
const password = process.env.ADMIN_PASSWORD ?? '';
if (!email || password.length < 8) {
  process.stderr.write('usage: ADMIN_PASSWORD=<at least 8 characters> node services/auth/src/cli/create-admin.ts <email> [name]\n');
  process.exit(2);
}
const config = loadConfig();
await migrate(config.DATABASE_URL, fileURLToPath(new URL('../store/migrations', import.meta.url)), createLogger('auth-cli', 'warn'));
const pool = createPgPool(config.DATABASE_URL);
try {
  const accounts = createAccounts({ pool, clock: systemClock, keys: await loadSigningKeys(config.JWT_SIGNING_KEYS), webUrl: config.WEB_URL, refreshTokenTtlMs: 0, sessionMaxAgeMs: 0 });
  const admin = await accounts.ensureAdmin({ email, password, name });
  process.stdout.write(`administrator ${admin.email} (${admin.id}) is ready\n`);
} finally {
  await pool.end();
}
