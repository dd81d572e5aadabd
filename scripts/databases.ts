// Creates the named PostgreSQL databases (the services') if missing, through POSTGRES_URL's server.
import { databaseUrlFor, ensureDatabase } from '@kicksight/platform';

const server = process.env.POSTGRES_URL ?? 'postgres://kicksight:kicksight@127.0.0.1:5432';
const names = process.argv.slice(2);

for (const name of names) await ensureDatabase(databaseUrlFor(server, 'postgres'), name);
console.log(`databases: ${names.length} present (${names.join(', ')})`);
