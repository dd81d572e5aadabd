import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Modal, Stack } from '../../ui/index.ts';
import type { MembershipTier } from '../../session/types.ts';
import { MONEY_BACK_LINE, type UpgradeTrigger, type Urgency } from './triggers.ts';
import { promptCopyOf, type PaidFeature } from './prompt-copy.ts';
import { UrgencyBadge } from './UrgencyBadge.tsx';
import { cssVar } from '../../theme/cssVars.ts';

export interface PromptUsage {
  used: number;
  /** null means unlimited. */
  limit: number | null;
  label?: string;
}

interface UpgradePromptProps {
  open: boolean;
  trigger: UpgradeTrigger;
  /** The member's plan: only higher plans are offered. */
  tier: MembershipTier | null;
  /** What a premium_feature prompt is about (market insights unless said). */
  feature?: PaidFeature;
  usage?: PromptUsage | null;
  urgency?: Urgency | null;
  onClose(): void;
}

const Meter = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  .bar { height: 8px; border-radius: 999px; background: ${cssVar.colors.skeleton}; overflow: hidden; }
  .fill { height: 100%; background: ${cssVar.colors.loss}; }
`;

const List = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const Guarantee = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${cssVar.colors.textMuted};
`;

/** The upgrade prompt: why it opened, the usage, what the higher plans unlock, and the way to upgrade. */
export function UpgradePrompt({ open, trigger, tier, feature, usage, urgency, onClose }: UpgradePromptProps) {
  const copy = promptCopyOf(trigger, tier, feature);
  const percent = usage && usage.limit ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : null;
  return (
    <Modal open={open} title={copy.title} onClose={onClose}>
      <Stack $gap={4} data-trigger={trigger}>
        <UrgencyBadge urgency={urgency} />
        <p style={{ margin: 0 }}>{copy.text}</p>
        {usage && (
          <Meter>
            <span>
              {usage.label ?? 'Used'}: {usage.used} of {usage.limit === null ? '∞' : usage.limit}
            </span>
            {percent !== null && (
              <div className="bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="Usage">
                <div className="fill" style={{ width: `${percent}%` }} />
              </div>
            )}
          </Meter>
        )}
        {copy.unlocks.length > 0 && (
          <div>
            <strong>Upgrading unlocks</strong>
            <List>
              {copy.unlocks.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </List>
          </div>
        )}
        <Guarantee>{MONEY_BACK_LINE}</Guarantee>
        <Stack $row $gap={2} $justify="flex-end">
          <Button type="button" $variant="secondary" onClick={onClose}>
            Maybe Later
          </Button>
          <Button as={Link} to="/admin/upgrade" onClick={onClose}>
            Upgrade Now
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
