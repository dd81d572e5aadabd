import { BullMQOtel } from 'bullmq-otel';
import { tracingSettings } from './config.ts';

/**
 * BullMQ's OpenTelemetry integration, for a queue's `telemetry` option and its worker's: a job added inside
 * a trace carries that trace's context with it, and its processing continues the trace. Undefined with
 * tracing off (the queue then does no telemetry work at all).
 */
export function jobTelemetry(): BullMQOtel | undefined {
  return tracingSettings().sampleRatio > 0 ? new BullMQOtel({ tracerName: '@kicksight/jobs' }) : undefined;
}
