import styled from 'styled-components';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { LIMIT_ROWS, limitText } from '../plan-content.ts';
import type { BillingPeriod, Plan } from '../../api.ts';
import { planPriceLabel, yearlySavingCents, formatCharge } from '../price.ts';
import { cssVar } from '../../../../theme/cssVars.ts';

const PlanCardShell = styled.article<{ $popular?: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 24px;
  border-radius: ${cssVar.radius.card};
  background: ${cssVar.colors.surface};
  border: ${({ $popular }) => ($popular ? `2px solid ${cssVar.colors.accent}` : `1px solid ${cssVar.colors.border}`)};
  h2 { font-size: 20px; margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  ul { margin: 0; padding-left: 18px; display: grid; gap: 4px; font-size: 14px; }
`;

export const PlanGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  align-items: stretch;
`;

const Price = styled.p`
  margin: 0;
  font-size: 32px;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  span { font-size: 14px; font-weight: 500; color: ${cssVar.colors.textMuted}; }
`;

const Muted = styled.p`
  margin: 0;
  color: ${cssVar.colors.textMuted};
  font-size: 14px;
`;

const Limits = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  margin: 0;
  font-size: 14px;
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
`;

interface PlanCardProps {
  plan: Plan;
  billing: BillingPeriod;
  /** The button; omitted, the plan's own buttonText. */
  action?: React.ReactNode;
  onChoose?: () => void;
  busy?: boolean;
  marker?: React.ReactNode;
}

/** One plan: name, 'Most Popular', price for the billing period, its four limits, features and a button. */
export function PlanCard({ plan, billing, action, onChoose, busy, marker }: PlanCardProps) {
  const [amount, per] = plan.price === 0 ? ['$0', '3 days'] : planPriceLabel(plan, billing).split('/');
  return (
    <PlanCardShell $popular={plan.popular} aria-label={plan.displayName}>
      <h2>
        {plan.displayName}
        {plan.popular && <Badge $tone="blue">Most Popular</Badge>}
        {marker}
      </h2>
      <Muted>{plan.description}</Muted>
      <Price>
        {amount}
        <span>/{per}</span>
      </Price>
      {billing === 'yearly' && plan.price > 0 && <Muted>{formatCharge(yearlySavingCents(plan))} less than paying monthly</Muted>}
      <Limits aria-label={`${plan.displayName} limits`}>
        {LIMIT_ROWS.map(({ key, label }) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{limitText(plan.limits[key])}</dd>
          </div>
        ))}
      </Limits>
      <ul>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div style={{ marginTop: 'auto' }}>
        {action ?? (
          <Button type="button" $block $variant={plan.popular ? 'primary' : 'secondary'} onClick={onChoose} disabled={busy}>
            {plan.buttonText}
          </Button>
        )}
      </div>
    </PlanCardShell>
  );
}
