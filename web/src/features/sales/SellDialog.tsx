import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { PLATFORM_LABELS, SALE_PLATFORMS, type SalePlatform } from '@kicksight/contracts/fees';
import { DEFAULT_LEDGER_SETTINGS } from '@kicksight/contracts/sales';
import { idempotent } from '../../api/client.ts';
import { refreshCollectionViews, type CollectionItem } from '../collection/index.ts';
import { triggerOfError, useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Checkbox, DialogActions, FieldError, Modal, Muted, SelectField, Stack, TextField, formatCents, todayIso, useToast } from '../../ui/index.ts';
import { salesApi, salesQueries, type LedgerSettings, type RecordedSale, type SaleBody } from './api.ts';
import { emptySaleForm, saleBodyOf, salePreviewOf, statesFees, type SaleForm } from './sale-form.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Preview = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  margin: 0;
  padding: 12px;
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.surface};
  border: 1px solid ${cssVar.colors.border};
  font-size: 14px;
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; color: ${cssVar.colors.text}; }
  .gain { color: ${cssVar.colors.gain}; }
  .loss { color: ${cssVar.colors.loss}; }
`;

const Row = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
`;

/** The member's setting the platform's fees depend on, for the note under the preview. */
function settingNoteOf(platform: SalePlatform, settings: LedgerSettings): string {
  if (platform === 'stockx') return ` (seller level ${settings.stockxSellerLevel}, in Settings)`;
  return platform === 'goat' ? ` (seller rating ${settings.goatSellerRating})` : '';
}

/** Sell: records the sale of an owned pair, with the platform's fees, the net and the gain shown before saving. */
export function SellDialog({ item, onClose }: { item: CollectionItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const prompt = useUpgradePrompt();
  const [form, setForm] = useState<SaleForm>(() => emptySaleForm(todayIso()));
  const [problem, setProblem] = useState<{ error: string; field: string } | null>(null);
  const settings = useQuery(salesQueries.settings()).data ?? DEFAULT_LEDGER_SETTINGS;
  const costBasis = item.costBasis ?? item.purchasePrice;
  const preview = salePreviewOf(form, costBasis, settings);
  const set = <K extends keyof SaleForm>(field: K) => (value: SaleForm[K]) => setForm((f) => ({ ...f, [field]: value }));

  const sell = useMutation({
    mutationFn: idempotent((body: SaleBody, key: string) => salesApi.record(item.id, body, key)),
    onSuccess: (recorded: RecordedSale) => {
      toast.show({ title: 'Sale recorded', description: `${item.name}: net ${formatCents(recorded.sale.netProceeds)}`, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      if (triggerOfError(error) !== 'premium_feature') return;
      onClose();
      prompt.open({ trigger: 'premium_feature', feature: 'ledger' });
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = saleBodyOf(form);
    if ('error' in result) return setProblem(result);
    setProblem(null);
    sell.mutate(result.body);
  };

  const errorOf = (field: string) => (problem?.field === field ? problem.error : null);
  const serverError = sell.isError && triggerOfError(sell.error) !== 'premium_feature' ? sell.error.message : null;
  const trend = (cents: number | null) => (cents === null || cents === 0 ? undefined : cents > 0 ? 'gain' : 'loss');

  return (
    <Modal open title="Sell" onClose={onClose} width={520}>
      <form onSubmit={submit} noValidate aria-label={`Sell ${item.name}`}>
        <Stack $gap={3}>
          <Muted>
            {item.name} · US {item.size} · cost {formatCents(costBasis)}
          </Muted>
          {serverError && <FieldError role="alert">{serverError}</FieldError>}
          <Row>
            <SelectField label="Platform" value={form.platform} onChange={(e) => set('platform')(e.target.value as SalePlatform)}>
              {SALE_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {PLATFORM_LABELS[platform]}
                </option>
              ))}
            </SelectField>
            <TextField label="Sale price (USD) *" type="number" min={0} step="0.01" inputMode="decimal" value={form.salePrice} error={errorOf('salePrice')} onChange={(e) => set('salePrice')(e.target.value)} />
            <TextField label="Sale date *" type="date" value={form.soldAt} max={todayIso()} error={errorOf('soldAt')} onChange={(e) => set('soldAt')(e.target.value)} />
          </Row>
          <Row>
            <TextField label="Shipping (USD)" type="number" min={0} step="0.01" inputMode="decimal" value={form.shippingCost} error={errorOf('shippingCost')} onChange={(e) => set('shippingCost')(e.target.value)} />
            <TextField label="Other fees (USD)" type="number" min={0} step="0.01" inputMode="decimal" value={form.otherFees} error={errorOf('otherFees')} onChange={(e) => set('otherFees')(e.target.value)} />
          </Row>
          {form.platform !== 'other' && (
            <Checkbox>
              <input type="checkbox" checked={form.explicitFees} onChange={(e) => set('explicitFees')(e.target.checked)} />
              Enter the platform&apos;s fees myself
            </Checkbox>
          )}
          {statesFees(form) && (
            <TextField label="Platform fees (USD)" type="number" min={0} step="0.01" inputMode="decimal" value={form.fees} error={errorOf('fees')} onChange={(e) => set('fees')(e.target.value)} />
          )}
          {preview ? (
            <Preview aria-label="What this sale pays out" aria-live="polite">
              {preview.lines.map((line) => (
                <div key={line.kind} style={{ display: 'contents' }}>
                  <dt>{line.label}</dt>
                  <dd>−{formatCents(line.amount)}</dd>
                </div>
              ))}
              <dt className="total">Net proceeds</dt>
              <dd className="total">{formatCents(preview.netProceeds)}</dd>
              <dt className="total">Gain</dt>
              <dd className={`total ${trend(preview.realisedGain) ?? ''}`}>{formatCents(preview.realisedGain)}</dd>
            </Preview>
          ) : (
            <Muted>Enter the sale price to see the fees, the net and the gain.</Muted>
          )}
          {preview?.sourceUrl && (
            <Muted>
              Fees as the platform publishes them{settingNoteOf(form.platform, settings)}.
            </Muted>
          )}
          <DialogActions onCancel={onClose} busy={sell.isPending} label="Record sale" busyLabel="Saving..." />
        </Stack>
      </form>
    </Modal>
  );
}
