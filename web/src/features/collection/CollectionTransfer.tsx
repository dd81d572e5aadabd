import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { triggerOfError } from '../upgrade-prompt/index.ts';
import { Button, countOf, useToast } from '../../ui/index.ts';
import { collectionApi, refreshCollectionViews, type ImportProblem, type ImportResult } from './api.ts';
import { EXPORT_FILE_NAME, download, importProblemsOf } from './csv-transfer.ts';
import { ImportProblemsModal } from './ImportProblemsModal.tsx';
import { useCollectionLimitPrompt } from './useCollectionLimitPrompt.ts';

/** Export CSV and Import CSV: the whole collection out as a file, and a file in (every line or none). */
export function CollectionTransfer() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const openLimitPrompt = useCollectionLimitPrompt();
  const picker = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);

  const exporting = useMutation({
    mutationFn: collectionApi.exportCsv,
    onSuccess: (url) => download(url, EXPORT_FILE_NAME),
    onError: (error) => toast.show({ title: 'Export failed', description: error.message, variant: 'error', duration: 5_000 }),
  });

  const importing = useMutation({
    mutationFn: idempotent((args: { file: File }, key: string) => collectionApi.importCsv(args.file, key)),
    onSuccess: (result: ImportResult) => toast.show({ title: `Imported ${countOf(result.imported, 'item')}`, variant: 'success' }),
    onError: (error) => {
      const lines = importProblemsOf(error);
      if (lines.length > 0) setProblems(lines);
      else if (triggerOfError(error) === 'collection_limit') void openLimitPrompt();
      else toast.show({ title: 'Import failed', description: error.message, variant: 'error', duration: 5_000 });
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) importing.mutate({ file });
    event.target.value = '';
  };

  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      <Button type="button" $variant="secondary" onClick={() => picker.current?.click()} disabled={importing.isPending}>
        {importing.isPending ? 'Importing...' : 'Import CSV'}
      </Button>
      <input ref={picker} type="file" accept=".csv,text/csv" hidden aria-label="CSV file to import" onChange={pick} />
      {problems && <ImportProblemsModal problems={problems} onClose={() => setProblems(null)} />}
    </>
  );
}
