// The chart's alert rules pass promtool, and its dashboard and rules read only metrics that Kicksight's
// processes export (or, named here, kube-state-metrics).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOW_THRESHOLDS } from '@kicksight/contracts';
import { createMetrics } from '@kicksight/platform';
import { CHART_DIR, ROOT, helmTemplate, parseYaml, run, tools } from '../tools.ts';

type Rule = { alert: string; expr: string };
const rendered = parseYaml(helmTemplate([], ['monitoring.prometheusRule.enabled=true', 'monitoring.scrape=serviceMonitor']));
const rules = rendered.find((o) => o.kind === 'PrometheusRule')!;
const groups = (rules.spec as { groups: { rules: Rule[] }[] }).groups;
const dashboard = JSON.parse(readFileSync(path.join(CHART_DIR, 'files/dashboard.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };

/** Metrics of the cluster's kube-state-metrics that the dashboard reads (the prediction HPA's replicas). */
const CLUSTER_METRICS = new Set(['kube_horizontalpodautoscaler_status_current_replicas']);
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'by', 'without', 'rate', 'delta', 'histogram_quantile', 'topk', 'and', 'or', 'unless', 'le']);

/** The metric names a PromQL expression reads: identifiers outside label matchers, groupings and strings. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((n) => !PROMQL_WORDS.has(n)).map((n) => n.replace(/_(bucket|sum|count)$/, '')))];
}

/** Every metric the processes export: the platform's registry of any app, and the names the services register. */
function exportedMetrics(): Set<string> {
  const names = new Set(createMetrics('check').registry.getMetricsAsArray().map((m) => m.name));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) return entry === 'node_modules' ? [] : files(file);
      return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
    });
  for (const service of readdirSync(path.join(ROOT, 'services'))) {
    for (const file of files(path.join(ROOT, 'services', service, 'src'))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/name: '([a-z][a-z0-9_]*_[a-z0-9_]+)'/g)) names.add(name!);
    }
  }
  return names;
}

describe('the chart’s monitoring', () => {
  const exported = exportedMetrics();

  it('has alert rules that promtool accepts, covering every SLO', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kicksight-rules-'));
    try {
      const file = path.join(dir, 'rules.yaml');
      writeFileSync(file, JSON.stringify({ groups }));
      expect(run(tools.promtool(), ['check', 'rules', file])).toMatch(/SUCCESS: \d+ rules found/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const alerts = groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts).toEqual(expect.arrayContaining(['KicksightAvailabilityBurn', 'KicksightLatencyP99', 'KicksightConsumerLag', 'KicksightOutboxStuck', 'KicksightEmailsFailed', 'KicksightMarketSourceCircuitOpen', 'KicksightLedgerBacklog']));
  });

  it('alerts at the thresholds past which the admin panel’s System Health tab shows a figure in its warning colour', () => {
    const exprOf = (alert: string) => groups.flatMap((g) => g.rules).find((r) => r.alert === alert)!.expr;
    expect(exprOf('KicksightConsumerLag')).toMatch(new RegExp(`> ${FLOW_THRESHOLDS.consumerLagMessages}$`));
    expect(exprOf('KicksightOutboxStuck')).toMatch(new RegExp(`> ${FLOW_THRESHOLDS.outboxOldestSeconds}$`));
  });

  it('ships a dashboard whose every query, like every alert, reads metrics that exist', () => {
    const config = rendered.find((o) => o.kind === 'ConfigMap' && o.metadata.name.endsWith('-dashboard'))!;
    expect(JSON.parse(config.data!['kicksight.json']!)).toEqual(dashboard);
    const queries = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...groups.flatMap((g) => g.rules.map((r) => r.expr))];
    expect(queries.length).toBeGreaterThan(10);
    const unknown = queries.flatMap((q) => metricNames(q).filter((n) => !exported.has(n) && !CLUSTER_METRICS.has(n)).map((n) => `${n} in ${q}`));
    expect(unknown).toEqual([]);
  });

  it('finds a metric name in a query and would flag one that no process exports', () => {
    expect(metricNames('max by (group, topic) (kafka_consumer_lag{group="x"}) > 1000')).toEqual(['kafka_consumer_lag']);
    expect(metricNames('histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket[5m])))')).toEqual(['http_request_duration_seconds']);
    expect(exported.has('kafka_consumer_lag')).toBe(true);
    expect(exported.has('kafka_consumer_lagg')).toBe(false);
  });

  it('scrapes every workload by annotations, or by a ServiceMonitor per exposed workload', () => {
    const annotated = parseYaml(helmTemplate([])).filter((o) => o.kind === 'Deployment');
    for (const deployment of annotated) {
      const annotations = (deployment.spec as { template: { metadata: { annotations: Record<string, string> } } }).template.metadata.annotations;
      expect(annotations['prometheus.io/scrape'], deployment.metadata.name).toBe('true');
    }
    const monitors = rendered.filter((o) => o.kind === 'ServiceMonitor');
    expect(monitors.length).toBe(rendered.filter((o) => o.kind === 'Service').length);
    const bff = monitors.find((m) => m.metadata.name === 'kicksight-bff')!;
    expect((bff.spec as { endpoints: { port: string }[] }).endpoints[0]!.port).toBe('internal');
  });
});
