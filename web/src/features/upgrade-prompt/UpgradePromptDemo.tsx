import { useState } from 'react';
import { useSession } from '../../session/index.ts';
import { Button, Card, PageHeader, Stack } from '../../ui/index.ts';
import { UpgradePrompt } from './UpgradePrompt.tsx';
import type { UpgradeTrigger, Urgency } from './triggers.ts';

const SAMPLES: { trigger: UpgradeTrigger; label: string; usage: { used: number; limit: number; label: string }; urgency: Urgency }[] = [
  { trigger: 'collection_limit', label: 'Collection limit', usage: { used: 5, limit: 5, label: 'Collection items' }, urgency: 'high' },
  { trigger: 'search_limit', label: 'Search limit', usage: { used: 10, limit: 10, label: 'Searches' }, urgency: 'medium' },
  { trigger: 'premium_feature', label: 'Premium feature', usage: { used: 3, limit: 5, label: 'Product views' }, urgency: 'low' },
];

/** The upgrade prompt's three triggers, side by side, as the signed-in member's plan would see them. */
export default function UpgradePromptDemo() {
  const { tier } = useSession();
  const [open, setOpen] = useState<number | null>(null);
  const sample = open === null ? null : SAMPLES[open];
  return (
    <>
      <PageHeader>
        <div>
          <h1>Upgrade Prompts</h1>
          <p>The prompt as members see it for each trigger.</p>
        </div>
      </PageHeader>
      <Card>
        <Stack $row $wrap $gap={3}>
          {SAMPLES.map((s, i) => (
            <Button key={s.trigger} type="button" $variant="secondary" onClick={() => setOpen(i)}>
              {s.label}
            </Button>
          ))}
        </Stack>
      </Card>
      {sample && <UpgradePrompt open trigger={sample.trigger} tier={tier} usage={sample.usage} urgency={sample.urgency} onClose={() => setOpen(null)} />}
    </>
  );
}
