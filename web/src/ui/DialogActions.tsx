import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Stack } from './Card.tsx';

/** The end of a form or dialog: Cancel, then the primary action (a submit button unless `onConfirm` is given). */
export function DialogActions({ onCancel, busy, label, busyLabel, onConfirm, danger, children }: { onCancel(): void; busy?: boolean; label: string; busyLabel?: string; onConfirm?: () => void; danger?: boolean; children?: ReactNode }) {
  return (
    <Stack $row $gap={2} $justify="flex-end" $wrap>
      {children}
      <Button type="button" $variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} $variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </Stack>
  );
}
