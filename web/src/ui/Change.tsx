import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';
import { arrowOf, formatChange, trendOf } from './format.ts';

const Text = styled.span<{ $trend: 'gain' | 'loss' | 'neutral' }>`
  color: ${({ $trend }) => cssVar.colors[$trend]};
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;

/** A money change coloured gain or loss, with a sign and an arrow: '▲ +$42 (+12.5%)'. */
export function Change({ cents, percent }: { cents: number; percent?: number | null }) {
  const arrow = arrowOf(cents);
  return (
    <Text $trend={trendOf(cents)}>
      {arrow && <span aria-hidden="true">{arrow} </span>}
      {formatChange(cents, percent)}
    </Text>
  );
}
