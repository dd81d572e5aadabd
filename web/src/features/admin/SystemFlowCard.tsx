import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FLOW_THRESHOLDS } from '@kicksight/contracts/flow';
import type { Flow, ServiceHealth, SystemHealth } from '@kicksight/contracts';
import { Badge, Card, CardTitle, DataTable, EmptyState, ErrorState, Muted, Skeleton, Stack, TableScroll, formatCount } from '../../ui/index.ts';
import { adminQueries } from './api.ts';

export const NO_FLOW = 'No consumers, outboxes or queues reported';
const STATUS_TONES: Record<ServiceHealth['status'], string> = { ready: 'green', not_ready: 'orange', unreachable: 'red' };
const STATUS_LABELS: Record<ServiceHealth['status'], string> = { ready: 'ready', not_ready: 'not ready', unreachable: 'unreachable' };

/** One process of the report: the BFF or a service, with its readiness and flow figures. */
interface ProcessRow {
  name: string;
  status: ServiceHealth['status'];
  degraded?: string[];
  error?: string;
  flow?: Flow;
}

const processesOf = (health: SystemHealth): ProcessRow[] => [
  { name: 'bff', status: health.bff.status, degraded: health.bff.degraded, flow: health.bff.flow },
  ...Object.entries(health.services)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, row]) => ({ name, status: row.status, degraded: row.degraded, error: row.error, flow: row.flow })),
];

/** The worker processes (no requests, so no readiness the BFF can ask): running by their heartbeats, or not. */
const workerRows = (health: SystemHealth): ReactNode[][] =>
  Object.entries(health.workers ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([role, { running }]) => [
      role,
      <Badge key="status" $tone={running > 0 ? 'green' : 'red'}>
        {running > 0 ? 'running' : 'not running'}
      </Badge>,
      running > 0 ? `worker: ${formatCount(running)} running` : 'worker: no heartbeat',
    ]);

/** Seconds as the panel reads them: `42 s`, `3 min 5 s`, `2 h 4 min`. */
export function formatAge(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** A figure past its alert's threshold: the warning colour and the words of the threshold, never colour alone. */
function Figure({ value, over, warning }: { value: string; over: boolean; warning: string }) {
  return over ? <Badge $tone="yellow">{`${value} · ${warning}`}</Badge> : <>{value}</>;
}

/** A table whose columns from `figuresFrom` on hold figures (tabular, right-aligned). */
function FlowTable({ head, rows, figuresFrom = 2 }: { head: string[]; rows: ReactNode[][]; figuresFrom?: number }) {
  return (
    <TableScroll>
      <DataTable>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i >= figuresFrom ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((cell, i) => (
                <td key={i} className={i >= figuresFrom ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableScroll>
  );
}

function FlowFigures({ processes }: { processes: ProcessRow[] }) {
  const { consumerLagMessages, outboxOldestSeconds } = FLOW_THRESHOLDS;
  const lagRows = processes.flatMap((p) =>
    (p.flow?.consumers ?? []).map((c) => [
      p.name,
      c.group,
      <Figure key="lag" value={formatCount(c.lag)} over={c.lag > consumerLagMessages} warning={`over ${formatCount(consumerLagMessages)}`} />,
      c.worst && c.worst.lag > 0 ? `${formatCount(c.worst.lag)} (${c.worst.topic} #${c.worst.partition})` : '0',
    ]),
  );
  const outboxRows = processes.flatMap((p) => {
    const outbox = p.flow?.outbox;
    if (!outbox) return [];
    const age = outbox.pending === 0 ? '—' : formatAge(outbox.oldestAgeSeconds);
    return [[p.name, formatCount(outbox.pending), <Figure key="age" value={age} over={outbox.oldestAgeSeconds > outboxOldestSeconds} warning={`over ${outboxOldestSeconds} s`} />]];
  });
  const queueRows = processes.flatMap((p) =>
    (p.flow?.queues ?? []).map((q) => [p.name, q.name, formatCount(q.waiting), formatCount(q.delayed), <Figure key="failed" value={formatCount(q.failed)} over={q.failed > 0} warning="failed jobs" />]),
  );
  const unreadable = processes.filter((p) => p.flow && p.flow.unreadable.length > 0);
  if (lagRows.length + outboxRows.length + queueRows.length === 0 && unreadable.length === 0) return <EmptyState title={NO_FLOW} />;

  return (
    <Stack $gap={4}>
      <section aria-label="Consumer lag">
        <CardTitle as="h3">Consumer lag</CardTitle>
        <Muted>Events each consumer group has still to read; warning above {formatCount(consumerLagMessages)}, as the alert rule says.</Muted>
        {lagRows.length ? <FlowTable head={['Process', 'Group', 'Behind', 'Worst partition']} rows={lagRows} /> : <Muted>No consumer groups.</Muted>}
      </section>
      <section aria-label="Outbox backlog">
        <CardTitle as="h3">Outbox backlog</CardTitle>
        <Muted>Events written and not yet published to Kafka; warning when the oldest has waited over {outboxOldestSeconds} s.</Muted>
        {outboxRows.length ? <FlowTable head={['Process', 'Pending', 'Oldest']} rows={outboxRows} /> : <Muted>No outboxes.</Muted>}
      </section>
      <section aria-label="Job queues">
        <CardTitle as="h3">Job queues</CardTitle>
        <Muted>BullMQ jobs by state; warning on any failed job (every retry spent).</Muted>
        {queueRows.length ? <FlowTable head={['Process', 'Queue', 'Waiting', 'Delayed', 'Failed']} rows={queueRows} /> : <Muted>No queues.</Muted>}
      </section>
      {unreadable.map((p) => (
        <Muted key={p.name} role="status">
          {`${p.name} could not read: ${p.flow!.unreadable.join(', ')}`}
        </Muted>
      ))}
    </Stack>
  );
}

/** The System Health tab's processes: each one's readiness, and the consumer lag, outbox backlog and queues the services report. */
export function SystemFlowCard() {
  const health = useQuery(adminQueries.systemHealth());
  const processes = health.data ? processesOf(health.data) : [];

  return (
    <Card>
      <CardTitle>Processes</CardTitle>
      {health.isPending && (
        <Stack aria-busy="true">
          <Skeleton $h={120} />
          <Skeleton $h={96} />
        </Stack>
      )}
      {health.isError && <ErrorState message={health.error.message} onRetry={() => void health.refetch()} />}
      {health.data && (
        <Stack $gap={4}>
          <FlowTable
            head={['Process', 'Status', 'Note']}
            figuresFrom={3}
            rows={[
              ...processes.map((p) => [
                p.name,
                <Badge key="status" $tone={STATUS_TONES[p.status]}>
                  {STATUS_LABELS[p.status]}
                </Badge>,
                p.error ?? (p.degraded?.length ? `serving without ${p.degraded.join(', ')}` : '—'),
              ]),
              ...workerRows(health.data),
            ]}
          />
          <FlowFigures processes={processes} />
        </Stack>
      )}
    </Card>
  );
}
