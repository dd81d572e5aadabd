import { Button } from '../../ui/index.ts';

/** The Google sign-in button. */
export function GoogleButton({ label, busy, onClick }: { label: string; busy: boolean; onClick(): void }) {
  return (
    <Button type="button" $variant="secondary" $block onClick={onClick} disabled={busy}>
      <span aria-hidden="true" style={{ fontWeight: 800 }}>
        G
      </span>
      {busy ? 'Waiting for Google...' : label}
    </Button>
  );
}
