import styled from 'styled-components';
import { FEE_PLATFORMS, PLATFORM_LABELS, type FeePlatform } from '@kicksight/contracts/fees';
import { Button, Select } from '../../ui/index.ts';
import type { Valuation } from './api.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Toggle = styled.div`
  display: inline-flex;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.control};
  overflow: hidden;
  button { border: none; border-radius: 0; }
  && { gap: 0; }
`;

/** Gross (market value) or net (what selling today on a platform would pay out, after its fees). */
export function ValuationToggle({ valuation, onChange }: { valuation: Valuation; onChange(next: Valuation): void }) {
  const platform: FeePlatform = valuation.kind === 'net' ? valuation.platform : 'stockx';
  return (
    <>
      <Toggle role="group" aria-label="Value">
          <Button type="button" $variant={valuation.kind === 'market' ? 'primary' : 'secondary'} aria-pressed={valuation.kind === 'market'} onClick={() => onChange({ kind: 'market' })}>
            Gross
          </Button>
          <Button type="button" $variant={valuation.kind === 'net' ? 'primary' : 'secondary'} aria-pressed={valuation.kind === 'net'} onClick={() => onChange({ kind: 'net', platform })}>
            Net
          </Button>
      </Toggle>
      {valuation.kind === 'net' && (
        <label>
          Selling on
          <Select value={platform} onChange={(e) => onChange({ kind: 'net', platform: e.target.value as FeePlatform })}>
            {FEE_PLATFORMS.map((key) => (
              <option key={key} value={key}>
                {PLATFORM_LABELS[key]}
              </option>
            ))}
          </Select>
        </label>
      )}
    </>
  );
}
