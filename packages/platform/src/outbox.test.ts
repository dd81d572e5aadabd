import { describe, expect, it } from 'vitest';
import { runsByTrace } from './outbox.ts';

const row = (seq: number, traceparent?: string) => ({ seq, trace_context: traceparent ? { traceparent } : null });
const A = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const B = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('runsByTrace', () => {
  it('keeps commit order and cuts a batch where the trace that wrote its rows changes', () => {
    const runs = runsByTrace([row(1, A), row(2, A), row(3, B), row(4), row(5), row(6, A)]);
    expect(runs.map((run) => run.map((r) => r.seq))).toEqual([[1, 2], [3], [4, 5], [6]]);
  });

  it('sends rows written outside any trace as one batch', () => {
    expect(runsByTrace([row(1), row(2), row(3)])).toHaveLength(1);
    expect(runsByTrace([])).toEqual([]);
  });
});
