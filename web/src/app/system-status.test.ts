import { describe, expect, it } from 'vitest';
import { describeStatus } from './system-status.ts';

describe('describeStatus', () => {
  it('says all systems are operational when every service is ready', () => {
    expect(describeStatus({ status: 'ok', services: { auth: { status: 'ready' } } })).toBe('All systems operational');
  });
  it('counts the ready services when some are not', () => {
    const health = {
      status: 'degraded' as const,
      services: { auth: { status: 'ready' as const }, catalog: { status: 'unreachable' as const } },
    };
    expect(describeStatus(health)).toBe('1 of 2 services ready');
  });
});
