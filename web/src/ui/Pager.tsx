import { Button } from './Button.tsx';
import { Stack } from './Card.tsx';

/** Previous, 'Page 2 of 5', Next: shown only when there is more than one page. */
export function Pager({ page, totalPages, hasPreviousPage, hasNextPage, onPage }: { page: number; totalPages: number; hasPreviousPage: boolean; hasNextPage: boolean; onPage(page: number): void }) {
  if (totalPages <= 1) return null;
  return (
    <Stack $row $gap={2} $justify="center" $align="center" style={{ marginTop: 16 }}>
      <Button type="button" $variant="secondary" disabled={!hasPreviousPage} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {totalPages}
      </span>
      <Button type="button" $variant="secondary" disabled={!hasNextPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
