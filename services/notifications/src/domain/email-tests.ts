import type { EmailTemplate, EmailTestResult } from '@kicksight/contracts';
import type { Clock } from '@kicksight/platform';
import type { Mailer } from '../emails/mailer.ts';
import type { EmailRenderer } from '../emails/render.ts';
import { sampleData } from '../emails/samples.ts';

/** Sends templates with sample data straight to an address (not through the queue), reporting each result. */
export function createEmailTests({ render, mailer, clock, webUrl }: { render: EmailRenderer; mailer: Mailer; clock: Clock; webUrl: string }) {
  return async (templates: readonly EmailTemplate[], to: string): Promise<EmailTestResult> => {
    const results: EmailTestResult['results'] = [];
    for (const template of templates) {
      try {
        await mailer.send(to, render(template, sampleData(template, clock.now(), webUrl)));
        results.push({ template, status: 'success', error: null });
      } catch (err) {
        results.push({ template, status: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    }
    const success = results.filter((r) => r.status === 'success').length;
    const failed = results.length - success;
    const noun = results.length === 1 ? 'template' : 'templates';
    const message = failed === 0 ? `Sent ${success} test ${noun} to ${to}` : `Sent ${success} of ${results.length} test ${noun} to ${to}; ${failed} failed`;
    return { message, summary: { success, failed }, results };
  };
}
export type EmailTests = ReturnType<typeof createEmailTests>;
