// Prints a new private signing key (ES256 JWK) for JWT_SIGNING_KEYS.
// Rotation: put the new key first and keep the previous one after it until its tokens have expired.
//   node services/auth/src/cli/keys.ts [kid]
import { utcDay } from '@kicksight/contracts';
import { generateSigningKey } from '../domain/tokens.ts';

const kid = process.argv[2] ?? `key-${utcDay(new Date())}`;
process.stdout.write(`${JSON.stringify(await generateSigningKey(kid))}\n`);
