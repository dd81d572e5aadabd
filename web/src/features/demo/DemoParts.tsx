import styled from 'styled-components';
import { cssVar } from '../../theme/cssVars.ts';

/** Demo buttons have no behaviour: they only note what was pressed in the console. */
export function demoAction(action: string, detail?: unknown): void {
  // eslint-disable-next-line no-console
  console.info(`[demo] ${action}`, detail ?? '');
}

export const money = (dollars: number) => `$${dollars.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = 220 }) => $min}px), 1fr));
`;

const Silhouette = styled.div<{ $size: number }>`
  aspect-ratio: 4 / 3;
  width: 100%;
  max-width: ${({ $size }) => `${$size}px`};
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.skeleton};
  color: ${cssVar.colors.textMuted};
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${({ $size }) => `${Math.round($size / 4)}px`};
  font-weight: 800;
`;

/** The sample pairs have no photos: a neutral tile with the brand's initial. */
export const DemoImage = ({ brand, size = 240 }: { brand: string; size?: number }) => (
  <Silhouette $size={size} role="img" aria-label={`${brand} sneaker`}>
    {brand.charAt(0)}
  </Silhouette>
);

export const Change = styled.span<{ $up: boolean }>`
  color: ${({ $up }) => ($up ? cssVar.colors.gain : cssVar.colors.loss)};
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;

export const signed = (percent: number) => `${percent > 0 ? '▲ +' : percent < 0 ? '▼ ' : ''}${percent}%`;
