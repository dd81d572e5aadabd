import styled from 'styled-components';
import { Badge } from '../../../../ui/Badge.tsx';
import type { BillingPeriod } from '../../api.ts';
import { cssVar } from '../../../../theme/cssVars.ts';

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  justify-content: center;
`;
const Segments = styled.div`
  display: inline-flex;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.full};
  padding: 3px;
  background: ${cssVar.colors.surface};
  button {
    border: 0;
    border-radius: ${cssVar.radius.full};
    padding: 6px 16px;
    font-weight: 600;
    cursor: pointer;
    background: transparent;
    color: ${cssVar.colors.text};
  }
  button[aria-pressed='true'] { background: ${cssVar.colors.accent}; color: ${cssVar.colors.accentText}; }
`;

/** Monthly or yearly, with the page's savings badge. */
export function BillingToggle({ value, onChange, savingsBadge }: { value: BillingPeriod; onChange: (next: BillingPeriod) => void; savingsBadge: string }) {
  return (
    <Group role="group" aria-label="Billing period">
      <Segments>
        <button type="button" aria-pressed={value === 'monthly'} onClick={() => onChange('monthly')}>
          Monthly
        </button>
        <button type="button" aria-pressed={value === 'yearly'} onClick={() => onChange('yearly')}>
          Yearly
        </button>
      </Segments>
      <Badge $tone="green">{savingsBadge}</Badge>
    </Group>
  );
}
