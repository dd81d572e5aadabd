import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import type { EmailTestResult } from '@kicksight/contracts';
import { TESTED_EMAIL_TEMPLATES } from '@kicksight/contracts/email-templates';
import { messageOf } from '../../api/errors.ts';
import { adminApi } from './api.ts';
import { Badge, Button, Card, CardTitle, Muted, PageHeader, Stack, useToast } from '../../ui/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

export const EMAIL_TEMPLATES = TESTED_EMAIL_TEMPLATES;

/** The toast of a run: its counts. */
export const resultTitle = (result: EmailTestResult): string => `${result.summary.success} sent, ${result.summary.failed} failed`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; gap: 12px; justify-content: space-between; align-items: center; padding: 10px 0; border-bottom: 1px solid ${cssVar.colors.border}; flex-wrap: wrap; }
  code { font-size: 14px; }
`;

/** Sends each email template with sample data to the signed-in admin (spec 3 §2.8). */
export default function EmailTemplatesPage() {
  const toast = useToast();
  const [outcomes, setOutcomes] = useState<Record<string, { status: string; error?: string | null }>>({});
  const record = (result: EmailTestResult) => setOutcomes((old) => ({ ...old, ...Object.fromEntries(result.results.map((r) => [r.template, r])) }));
  const onSuccess = (result: EmailTestResult) => {
    record(result);
    toast.show({ title: resultTitle(result), description: result.message, variant: result.summary.failed > 0 ? 'warning' : 'success', duration: 5_000 });
  };
  const onError = (error: unknown) => toast.show({ title: 'Email test failed', description: messageOf(error), variant: 'error', duration: 5_000 });
  const all = useMutation({ mutationFn: adminApi.testAllTemplates, onSuccess, onError });
  const one = useMutation({ mutationFn: adminApi.testTemplate, onSuccess, onError });
  const busy = all.isPending || one.isPending;

  return (
    <div>
      <PageHeader>
        <div>
          <h1>Email Templates</h1>
          <p>Send every template with sample data to check how it looks.</p>
        </div>
        <Button type="button" disabled={busy} onClick={() => all.mutate()}>
          {all.isPending ? 'Sending...' : 'Test All Templates'}
        </Button>
      </PageHeader>
      <Card>
        <CardTitle>Templates</CardTitle>
        <List>
          {EMAIL_TEMPLATES.map((template) => {
            const outcome = outcomes[template];
            return (
              <li key={template}>
                <Stack $row $gap={2} $align="center">
                  <code>{template}</code>
                  {outcome && <Badge $tone={outcome.status === 'success' || outcome.status === 'sent' ? 'green' : 'red'}>{outcome.status}</Badge>}
                  {outcome?.error && <Muted>{outcome.error}</Muted>}
                </Stack>
                <Button type="button" $size="sm" $variant="secondary" disabled={busy} onClick={() => one.mutate(template)} aria-label={`Test ${template}`}>
                  Test
                </Button>
              </li>
            );
          })}
        </List>
      </Card>
    </div>
  );
}
