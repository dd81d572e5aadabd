import styled from 'styled-components';
import { Badge } from '../../../../ui/Badge.tsx';
import type { BillingPeriod } from '../../api.ts';

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  justify-content: center;
`;
const Segments = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.full};
  padding: 3px;
  background: ${({ theme }) => theme.colors.surface};
  button {
    border: 0;
    border-radius: ${({ theme }) => theme.radius.full};
    padding: 6px 16px;
    font-weight: 600;
    cursor: pointer;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.accent}; color: ${({ theme }) => theme.colors.accentText}; }
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
