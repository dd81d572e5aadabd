import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serviceNameOf, tracingSettings } from './config.ts';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/traced-app.ts', import.meta.url));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** Runs the fixture app under the preload, as every service starts; returns its log lines and its report. */
async function runTracedApp(env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ['--import', '@kicksight/platform/telemetry', FIXTURE, TRACEPARENT], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
  });
  const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const report = lines.find((line) => 'result' in line)!.result as { traceIdHeader: string | null; registered: boolean; signals: string[] };
  return { logs: lines.filter((line) => !('result' in line)), report };
}

describe('tracing settings', () => {
  it('is off unless a sample ratio above 0 is set, and refuses a ratio outside 0..1', () => {
    expect(tracingSettings({}).sampleRatio).toBe(0);
    expect(tracingSettings({ TRACING_SAMPLE_RATIO: '0.25', ZIPKIN_URL: 'http://127.0.0.1:9411' })).toMatchObject({ sampleRatio: 0.25, zipkinUrl: 'http://127.0.0.1:9411' });
    expect(() => tracingSettings({ TRACING_SAMPLE_RATIO: '2' })).toThrow(/TRACING_SAMPLE_RATIO/);
    expect(() => tracingSettings({ TRACING_SAMPLE_RATIO: 'all' })).toThrow(/TRACING_SAMPLE_RATIO/);
  });

  it('names a process after its workspace unless OTEL_SERVICE_NAME names it', () => {
    expect(serviceNameOf({}, 'services/collection/src/main.ts')).toBe('collection');
    expect(serviceNameOf({}, '/app/bff/src/main.ts')).toBe('bff');
    expect(serviceNameOf({ OTEL_SERVICE_NAME: 'billing-worker' }, 'services/billing/src/worker-main.ts')).toBe('billing-worker');
  });
});

describe('the telemetry preload', () => {
  it.each([
    ['through the http instrumentation', {}],
    ['through its own server spans (as the BFF makes them)', { OTEL_SERVICE_NAME: 'bff' }],
  ])('continues a caller’s trace %s: the response names it and every line logged inside it carries its ids', async (_how, env) => {
    const { logs, report } = await runTracedApp({ TRACING_SAMPLE_RATIO: '1', ...env });
    expect(report).toMatchObject({ traceIdHeader: TRACE_ID, registered: true });
    // Traces, and no OpenTelemetry metrics recorded on every request for an OTLP collector that is not there.
    expect(report.signals).toContain('trace');
    expect(report.signals).not.toContain('metrics');
    const line = logs.find((l) => l.msg === 'reading a thing');
    // The span is the server's own, a child of the caller's.
    expect(line).toMatchObject({ trace_id: TRACE_ID, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(line!.span_id).not.toBe(TRACEPARENT.split('-')[2]);
    expect(logs.find((l) => l.msg === 'request completed')).toMatchObject({ trace_id: TRACE_ID });
  }, 30_000);

  it('with tracing off starts no SDK and adds nothing to answers or logs', async () => {
    const { logs, report } = await runTracedApp({});
    expect(report).toEqual({ traceIdHeader: null, registered: false, signals: [] });
    expect(logs.find((l) => l.msg === 'reading a thing')).not.toHaveProperty('trace_id');
  }, 30_000);
});

describe('the instrumentations', () => {
  it('wrap express’s layers in every process but the BFF, which routes by its own table and names its spans itself', async () => {
    const { instrumentationsFor } = await import('./sdk.ts');
    const names = (service: string) => instrumentationsFor(tracingSettings({ OTEL_SERVICE_NAME: service })).map((instrumentation) => instrumentation.instrumentationName);
    expect(names('collection')).toContain('@opentelemetry/instrumentation-express');
    expect(names('bff')).not.toContain('@opentelemetry/instrumentation-express');
    expect(names('bff')).toEqual(expect.arrayContaining(['@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-ioredis', '@opentelemetry/instrumentation-kafkajs']));
  }, 30_000);
});
