/**
 * Loaded before the app (`node --import @kicksight/platform/telemetry <entry>`): starts tracing when
 * `TRACING_SAMPLE_RATIO` is above 0. Off, it loads nothing else: no SDK, no exporter, no patching.
 */
import { tracingSettings } from './config.ts';

const settings = tracingSettings();
if (settings.sampleRatio > 0) {
  const { startTracing } = await import('./sdk.ts');
  await startTracing(settings);
}
