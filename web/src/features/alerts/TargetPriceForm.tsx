import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DialogActions, Stack, TextField } from '../../ui/index.ts';
import { dollarsOf } from '../collection/index.ts';
import { TARGET_REQUIRED, checkTarget, promiseOfTarget, watchedSizeLabel, type Watched } from './alert-words.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Outcome = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.background};
  font-size: 14px;
`;

/**
 * A target price with what the alert will do in words as it is typed ("We'll tell you when US 10
 * rises to $340; now $314"). A target equal to the price now is refused here, as the server does.
 */
export function TargetPriceForm({
  watched,
  initialTarget,
  label,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  watched: Watched;
  initialTarget: number | null;
  label: string;
  busy: boolean;
  serverError: string | null;
  onSubmit(targetPrice: number): void;
  onCancel(): void;
}) {
  // To the cent, so saving an unchanged target keeps it.
  const [text, setText] = useState(initialTarget === null ? '' : dollarsOf(initialTarget));
  const [error, setError] = useState<string | null>(null);
  const typed = checkTarget(text, watched);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.cents === null) return setError(typed.error);
    setError(null);
    onSubmit(typed.cents);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack $gap={3}>
        <p style={{ margin: 0 }}>{watched.size === null ? 'Watches the lowest price across sizes.' : `Watches the price of ${watchedSizeLabel(watched.size)}.`}</p>
        <TextField
          label="Target price (USD)"
          inputMode="decimal"
          value={text}
          error={error ?? serverError}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <Outcome aria-live="polite" data-testid="alert-promise">
          {typed.cents === null ? (typed.error === TARGET_REQUIRED ? 'Type a target to see what the alert will do.' : typed.error) : promiseOfTarget(typed.cents, watched)}
        </Outcome>
        <DialogActions onCancel={onCancel} busy={busy} label={label} />
      </Stack>
    </form>
  );
}
