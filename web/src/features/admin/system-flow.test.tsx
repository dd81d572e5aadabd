import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Flow } from '@kicksight/contracts/flow';
import { systemHealthSchema, type SystemHealth } from '@kicksight/contracts/system';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { NO_FLOW, SystemFlowCard, formatAge } from './SystemFlowCard.tsx';

const noFlow: Flow = { consumers: [], outbox: null, queues: [], unreadable: [] };
const ready = (url: string, flow: Flow) => ({ url, status: 'ready' as const, checks: { kafka: { ok: true, ms: 2 } }, flow, ms: 12 });

/** A report as the BFF answers it, checked against the contract. */
const report = (health: SystemHealth) => systemHealthSchema.parse(health);

const busy: SystemHealth = report({
  status: 'degraded',
  bff: { status: 'ready', checks: {}, flow: { ...noFlow, consumers: [{ group: 'bff-events', lag: 0, worst: { topic: 'notification', partition: 0, lag: 0 } }] } },
  services: {
    billing: ready('http://billing', {
      ...noFlow,
      consumers: [{ group: 'billing-events', lag: 1_500, worst: { topic: 'collection', partition: 2, lag: 1_200 } }],
      outbox: { pending: 42, oldestAgeSeconds: 75 },
    }),
    collection: ready('http://collection', { ...noFlow, outbox: { pending: 3, oldestAgeSeconds: 4 } }),
    notifications: ready('http://notifications', { ...noFlow, queues: [{ name: 'email', waiting: 7, delayed: 2, failed: 1 }], unreadable: ['consumers:notifications-events'] }),
    prediction: { url: 'http://prediction', status: 'unreachable', error: 'not reachable', ms: 2_000 },
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = (section: string, text: string) => within(screen.getByRole('region', { name: section })).getByText(text).closest('tr')!;

describe('the System Health tab’s processes', () => {
  it('shows each worker process by its heartbeat: running with how many, or not running', async () => {
    stubApi({ 'GET /api/admin/system-health': { ...busy, workers: { 'billing-worker': { running: 2 }, 'catalog-feed': { running: 0 }, 'notifications-worker': { running: 1 } } } });
    renderScreen(<SystemFlowCard />);

    const billing = (await screen.findByText('billing-worker')).closest('tr')!;
    expect(within(billing).getByText('running')).toBeTruthy();
    expect(within(billing).getByText('worker: 2 running')).toBeTruthy();
    const feed = screen.getByText('catalog-feed').closest('tr')!;
    expect(within(feed).getByText('not running')).toBeTruthy();
    expect(within(feed).getByText('worker: no heartbeat')).toBeTruthy();
    expect(within(screen.getByText('notifications-worker').closest('tr')!).getByText('worker: 1 running')).toBeTruthy();
  });

  it('shows each process’s lag, outbox backlog and queues, figures past the alert thresholds in the warning colour with their threshold', async () => {
    stubApi({ 'GET /api/admin/system-health': busy });
    renderScreen(<SystemFlowCard />);

    const billingLag = (await screen.findByText('billing-events')).closest('tr')!;
    expect(within(billingLag).getByText('1,500 · over 1,000')).toBeTruthy();
    expect(within(billingLag).getByText('1,200 (collection #2)')).toBeTruthy();
    const bffLag = rowOf('Consumer lag', 'bff-events');
    expect(within(bffLag).getAllByText('0')).toHaveLength(2);
    expect(within(bffLag).queryByText(/over/)).toBeNull();

    const billingOutbox = rowOf('Outbox backlog', 'billing');
    expect(within(billingOutbox).getByText('42')).toBeTruthy();
    expect(within(billingOutbox).getByText('1 min 15 s · over 60 s')).toBeTruthy();
    const collectionOutbox = rowOf('Outbox backlog', 'collection');
    expect(within(collectionOutbox).getByText('4 s')).toBeTruthy();

    const email = rowOf('Job queues', 'email');
    expect(within(email).getByText('7')).toBeTruthy();
    expect(within(email).getByText('2')).toBeTruthy();
    expect(within(email).getByText('1 · failed jobs')).toBeTruthy();

    expect(screen.getByText('notifications could not read: consumers:notifications-events')).toBeTruthy();
    const prediction = screen.getAllByText('prediction')[0]!.closest('tr')!;
    expect(within(prediction).getByText('unreachable')).toBeTruthy();
    expect(within(prediction).getByText('not reachable')).toBeTruthy();
    expect(screen.getByText(/warning when the oldest has waited over 60 s/)).toBeTruthy();
  });

  it('shows skeletons while the report loads', async () => {
    stubApi({ 'GET /api/admin/system-health': () => new Promise(() => {}) as never });
    const { container } = renderScreen(<SystemFlowCard />);
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when no process reports a consumer, an outbox or a queue', async () => {
    stubApi({ 'GET /api/admin/system-health': report({ status: 'ok', bff: { status: 'ready', checks: {}, flow: noFlow }, services: { auth: ready('http://auth', noFlow) } }) });
    renderScreen(<SystemFlowCard />);
    expect(await screen.findByText(NO_FLOW)).toBeTruthy();
    expect(within(screen.getByText('auth').closest('tr')!).getByText('ready')).toBeTruthy();
  });

  it('says what failed and reads again on Retry', async () => {
    let answers = 0;
    const calls = stubApi({
      'GET /api/admin/system-health': () => (++answers === 1 ? { status: 503, body: { message: 'The BFF could not answer.', code: 'SERVICE_UNAVAILABLE' } } : { status: 200, body: { data: busy } }),
    });
    renderScreen(<SystemFlowCard />);
    expect(await screen.findByText('The BFF could not answer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('billing-events')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/system-health')).toHaveLength(2);
  });
});

describe('formatAge', () => {
  it('reads seconds, minutes and hours', () => {
    expect([formatAge(4.4), formatAge(75), formatAge(7_440)]).toEqual(['4 s', '1 min 15 s', '2 h 4 min']);
  });
});
