import styled from 'styled-components';
import { usageLabel, usageLevel, type UsageTone } from './usage-level.ts';
import { badgeVar, cssVar } from '../../../theme/cssVars.ts';

const TONE_BADGE: Record<UsageTone, string> = { green: 'green', orange: 'orange', red: 'red' };

const Row = styled.div`
  display: grid;
  gap: 6px;
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 14px;
  span:last-child { font-variant-numeric: tabular-nums; color: ${cssVar.colors.textMuted}; }
`;
const Track = styled.div`
  height: 8px;
  border-radius: ${cssVar.radius.full};
  background: ${cssVar.colors.skeleton};
  overflow: hidden;
`;
const Fill = styled.div<{ $tone: UsageTone; $percent: number }>`
  height: 100%;
  width: ${({ $percent }) => `${$percent}%`};
  background: ${({ $tone }) => ($tone === 'green' ? cssVar.colors.gain : $tone === 'orange' ? cssVar.colors.warning : cssVar.colors.loss)};
`;
const Indicator = styled.span<{ $tone: UsageTone }>`
  font-size: 12px;
  font-weight: 600;
  color: ${({ $tone }) => badgeVar(TONE_BADGE[$tone]).fg};
`;

/** A labelled usage bar: green under 70%, orange 70-89%, red from 90%; 'near limit' from 80%, 'limit reached' at 100%. */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const level = usageLevel(used, limit);
  return (
    <Row>
      <Head>
        <span>
          {label} {level.nearLimit && <Indicator $tone="orange">near limit</Indicator>}
          {level.reached && <Indicator $tone="red">limit reached</Indicator>}
        </span>
        <span>{usageLabel(used, limit)}</span>
      </Head>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level.percent}
        aria-valuetext={level.unlimited ? `${used} used, unlimited` : `${used} of ${limit} used`}
        data-tone={level.tone}
      >
        <Fill $tone={level.tone} $percent={level.unlimited ? 0 : level.percent} />
      </Track>
    </Row>
  );
}
