import styled from 'styled-components';
import { Card } from './Card.tsx';
import { Skeleton } from './states.tsx';
import { cssVar, breakpoints } from '../theme/cssVars.ts';

/** Summary cards in a responsive grid: one column, two from small screens, four from large ones. */
export const FigureGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  margin-bottom: 24px;
  @media (min-width: ${breakpoints.sm}) { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: ${breakpoints.lg}) { grid-template-columns: repeat(4, 1fr); }
`;

/** One summary card: a muted title, the big figure (`.value`) and muted lines beneath (`.sub`). */
export const FigureCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 6px;
  h2 { font-size: 13px; font-weight: 600; color: ${cssVar.colors.textMuted}; }
  .value { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
  .sub { font-size: 13px; color: ${cssVar.colors.textMuted}; }
`;

/** Four summary cards while their figures load. */
export function FigureSkeletons({ label }: { label?: string }) {
  return (
    <FigureGrid aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <FigureCard key={i}>
          <Skeleton $h={12} $w="40%" />
          <Skeleton $h={28} $w="70%" />
        </FigureCard>
      ))}
    </FigureGrid>
  );
}
