import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { commonEnv, envField, parseConfig } from '@kicksight/platform';

/** `../shared/data` beside the repository's root. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

const schema = z
  .object({
    ...commonEnv,
    PORT: envField.port(4011),
    /** The data files the products are built from (read in place). */
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    /** The API key StockX's developer portal would issue; every API call must send it in `x-api-key`. */
    SANDBOX_API_KEY: envField.string('stockx-sandbox-api-key'),
    /** The application (client) id and secret the token endpoint accepts. */
    SANDBOX_CLIENT_ID: envField.string('stockx-sandbox-client'),
    SANDBOX_CLIENT_SECRET: envField.string('stockx-sandbox-secret'),
    /** Lifetime of an access token, in seconds. */
    SANDBOX_TOKEN_TTL_S: z.coerce.number().int().min(1).default(3_600),
    /** Enables `/sandbox/faults` (tests inject 429s, 500s and expired tokens); off unless a test turns it on. */
    SANDBOX_FAULTS_ENABLED: envField.bool(false),
  })
  .refine((c) => c.NODE_ENV !== 'production', { message: 'the StockX sandbox is a stand-in for tests and local runs, never production', path: ['NODE_ENV'] });

export type Config = z.infer<typeof schema>;

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
