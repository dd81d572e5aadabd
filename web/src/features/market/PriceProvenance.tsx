import styled from 'styled-components';
import type { PriceProvenance as Provenance } from '@kicksight/contracts';
import { provenanceLine } from '@kicksight/contracts/provenance';
import { Badge } from '../../ui/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Note = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  font-size: 12px;
  font-weight: 500;
  color: ${cssVar.colors.textMuted};
`;

/** Where a price comes from and how old it is ('Replayed public sales (2019 sample, shifted to today) · 2 h ago'), and 'thin market' beside a price resting on few sales. */
export function PriceProvenance({ provenance }: { provenance: Provenance | undefined }) {
  if (!provenance) return null;
  return (
    <Note data-price-source={provenance.source}>
      <span>{provenanceLine(provenance, new Date())}</span>
      {provenance.thin && <ThinMarket />}
    </Note>
  );
}

/** The 'thin market' badge: fewer than 3 sales in the last 90 days. */
export function ThinMarket() {
  return (
    <Badge $tone="orange" title="Fewer than 3 sales in the last 90 days">
      thin market
    </Badge>
  );
}

/** A price's provenance as a tooltip (search cards). */
export const provenanceTitle = (provenance: Provenance | undefined): string | undefined => (provenance ? provenanceLine(provenance, new Date()) : undefined);
