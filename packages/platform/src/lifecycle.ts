import { markShuttingDown } from './health.ts';
import type { Logger } from './logger.ts';

type Step = { name: string; run: () => Promise<void> };

/**
 * Ordered shutdown. Steps run in the order they were added, so add them as
 * "stop accepting HTTP, drain, disconnect consumers and workers, close pools".
 */
export class Lifecycle {
  private readonly steps: Step[] = [];
  private stopping: Promise<void> | undefined;
  private readonly logger: Logger;

  constructor(logger: Logger) {
    this.logger = logger;
  }

  onStop(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  /**
   * Turns readiness off, then runs every step once, in order; a failing step is logged and the next one
   * still runs.
   */
  stop(): Promise<void> {
    markShuttingDown();
    this.stopping ??= (async () => {
      for (const step of this.steps) {
        try {
          await step.run();
          this.logger.debug({ step: step.name }, 'stopped');
        } catch (err) {
          this.logger.error({ err, step: step.name }, 'shutdown step failed');
        }
      }
    })();
    return this.stopping;
  }

  /** Stops on SIGTERM or SIGINT, and exits when done or when the grace period runs out. */
  stopOnSignals(graceMs: number): void {
    const onSignal = (signal: NodeJS.Signals) => {
      this.logger.info({ signal }, 'shutting down');
      const deadline = setTimeout(() => {
        this.logger.error({ graceMs }, 'shutdown took longer than the grace period; exiting');
        process.exit(1);
      }, graceMs);
      deadline.unref();
      void this.stop().then(() => process.exit(0));
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
}
