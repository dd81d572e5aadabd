import { describe, expect, it } from 'vitest';
import { checkReadiness } from './health.ts';
import { consumersRunning } from './kafka.ts';

const stoppedConsumer = (reason: string) => ({ running: () => Promise.reject(new Error(reason)) });
const runningConsumer = { running: () => Promise.resolve() };

describe('the readiness of event consumers', () => {
  it('is not ready while any consumer is stopped, naming each stopped one', async () => {
    const readiness = await checkReadiness({ consumers: consumersRunning(runningConsumer, stoppedConsumer('consumer a stopped'), stoppedConsumer('consumer b stopped')) });
    expect(readiness.status).toBe('not_ready');
    expect(readiness.checks.consumers).toMatchObject({ ok: false, error: 'consumer a stopped; consumer b stopped' });
  });

  it('is ready when every consumer runs', async () => {
    const readiness = await checkReadiness({ consumers: consumersRunning(runningConsumer, runningConsumer) });
    expect(readiness).toMatchObject({ status: 'ready', checks: { consumers: { ok: true } } });
  });
});
