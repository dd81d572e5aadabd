import { Badge } from '../../ui/index.ts';

/** A market status (Hype Beast ... Steal Deal) with its theme colour and a text label. */
export function MarketStatusBadge({ status }: { status: { label: string; color: string; description?: string } }) {
  return (
    <Badge $tone={status.color} title={status.description}>
      {status.label}
    </Badge>
  );
}
