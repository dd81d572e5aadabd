import { z } from 'zod';
import { envField, parseConfig, serviceEnv } from '@kicksight/platform';

const schema = z
  .object({
    ...serviceEnv,
    PORT: envField.port(4001),
    INTERNAL_PORT: envField.port(4101),
    DATABASE_URL: envField.url('postgres://kicksight:kicksight@127.0.0.1:5432/auth'),
    /** JSON array of private JWKs (ES256, each with a `kid`); the first signs, all are published. */
    JWT_SIGNING_KEYS: z.string().min(2, 'JWT_SIGNING_KEYS must hold at least one private JWK'),
    /** Where links in emails point (the web app's origin). */
    WEB_URL: envField.url('http://127.0.0.1:5173'),
    REFRESH_TOKEN_TTL_DAYS: envField.int(30),
    /** A sign-in lasts at most this long, however often its refresh token is rotated. */
    SESSION_MAX_AGE_DAYS: envField.int(30),
    TEST_LOGIN_ENABLED: envField.bool(false),
    GOOGLE_CLIENT_ID: z.string().default(''),
    GOOGLE_CLIENT_SECRET: z.string().default(''),
    GOOGLE_AUTHORIZATION_URL: envField.url('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: envField.url('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: envField.url('https://openidconnect.googleapis.com/v1/userinfo'),
    /** Brute-force limits (per 15 minutes unless named otherwise). */
    /** Consecutive wrong passwords for one account from one address before that address waits. */
    LOGIN_FAILURES_PER_ACCOUNT: envField.int(10),
    LOGIN_ATTEMPTS_PER_IP: envField.int(100),
    REGISTRATIONS_PER_IP_PER_HOUR: envField.int(20),
    RESET_REQUESTS_PER_IP: envField.int(10),
    RESET_REQUESTS_PER_ACCOUNT: envField.int(5),
    /** An admin account ensured at start (both or neither). */
    SEED_ADMIN_EMAIL: z.string().default(''),
    SEED_ADMIN_PASSWORD: z.string().default(''),
  })
  .refine((c) => !(c.NODE_ENV === 'production' && c.TEST_LOGIN_ENABLED), {
    message: 'TEST_LOGIN_ENABLED must be false in production',
    path: ['TEST_LOGIN_ENABLED'],
  })
  .refine((c) => (c.SEED_ADMIN_EMAIL === '') === (c.SEED_ADMIN_PASSWORD === ''), {
    message: 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together',
    path: ['SEED_ADMIN_PASSWORD'],
  });

export type Config = z.infer<typeof schema>;

/** The auth service's settings, read from the environment once at boot. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => parseConfig(schema, env);
