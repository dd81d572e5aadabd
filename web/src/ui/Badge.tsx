import styled from 'styled-components';
import { cssVar, badgeVar } from '../theme/cssVars.ts';

/** A pill with a text label; its colour comes from the theme by name (never colour alone). */
export const Badge = styled.span<{ $tone?: string }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${cssVar.radius.full};
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  background: ${({ $tone = 'gray' }) => badgeVar($tone).bg};
  color: ${({ $tone = 'gray' }) => badgeVar($tone).fg};
`;

const TIER_LABELS: Record<string, { label: string; tone: string }> = {
  trial: { label: 'Trial', tone: 'gray' },
  premium: { label: 'Pro', tone: 'blue' },
  unlimited: { label: 'Expert', tone: 'purple' },
  admin: { label: 'Admin', tone: 'orange' },
};

export function TierBadge({ tier }: { tier: string | null | undefined }) {
  const row = TIER_LABELS[tier ?? ''] ?? TIER_LABELS.trial!;
  return <Badge $tone={row.tone}>{row.label}</Badge>;
}
