import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle.ts';
import { createLogger } from './logger.ts';

describe('Lifecycle', () => {
  it('stops in the order steps were added, once, even when a step fails', async () => {
    const order: string[] = [];
    const lifecycle = new Lifecycle(createLogger('test', 'silent'));
    lifecycle.onStop('http', async () => {
      order.push('http');
    });
    lifecycle.onStop('consumers', async () => {
      order.push('consumers');
      throw new Error('broker gone');
    });
    lifecycle.onStop('pools', async () => {
      order.push('pools');
    });
    await Promise.all([lifecycle.stop(), lifecycle.stop()]);
    await lifecycle.stop();
    expect(order).toEqual(['http', 'consumers', 'pools']);
  });
});
