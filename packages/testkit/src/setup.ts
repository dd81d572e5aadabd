// Loaded before every integration test file: a test during which a stub broke the contract fails.
import { afterAll, afterEach } from 'vitest';
import { assertNoStubBreaches } from './stubs.ts';

afterEach(assertNoStubBreaches);
afterAll(assertNoStubBreaches);
