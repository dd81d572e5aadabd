import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { ImportProblemsModal, download, exportsTaxYear, importProblemsOf, refreshCollectionViews } from '../collection/index.ts';
import { triggerOfError, useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { useSession } from '../../session/index.ts';
import { Button, countOf, useToast } from '../../ui/index.ts';
import { exportFileName, salesApi, type SalesImportResult } from './api.ts';

type Problems = ReturnType<typeof importProblemsOf>;

/** Export (the tax year's CSV, Expert) and Import (a sales CSV: every row or none, each bad row listed). */
export function SalesTransfer({ year }: { year: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const prompt = useUpgradePrompt();
  const { tier } = useSession();
  const picker = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Problems | null>(null);

  const exporting = useMutation({
    mutationFn: () => salesApi.exportCsv(year),
    onSuccess: (url) => download(url, exportFileName(year)),
    onError: (error) => toast.show({ title: 'Export failed', description: error.message, variant: 'error', duration: 5_000 }),
  });

  const importing = useMutation({
    mutationFn: idempotent((args: { file: File }, key: string) => salesApi.importCsv(args.file, key)),
    onSuccess: (result: SalesImportResult) => toast.show({ title: `Imported ${countOf(result.imported, 'sale')}`, variant: 'success' }),
    onError: (error) => {
      const lines = importProblemsOf(error);
      if (lines.length > 0) setProblems(lines);
      else if (triggerOfError(error) === 'premium_feature') prompt.open({ trigger: 'premium_feature', feature: 'ledger' });
      else toast.show({ title: 'Import failed', description: error.message, variant: 'error', duration: 5_000 });
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const exportYear = () => (exportsTaxYear(tier) ? exporting.mutate() : prompt.open({ trigger: 'premium_feature', feature: 'tax_export' }));
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) importing.mutate({ file });
    event.target.value = '';
  };

  return (
    <>
      <Button type="button" $variant="secondary" onClick={exportYear} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting...' : `Export ${year}`}
      </Button>
      <Button type="button" $variant="secondary" onClick={() => picker.current?.click()} disabled={importing.isPending}>
        {importing.isPending ? 'Importing...' : 'Import sales'}
      </Button>
      <input ref={picker} type="file" accept=".csv,text/csv" hidden aria-label="Sales CSV file to import" onChange={pick} />
      {problems && <ImportProblemsModal problems={problems} onClose={() => setProblems(null)} />}
    </>
  );
}
