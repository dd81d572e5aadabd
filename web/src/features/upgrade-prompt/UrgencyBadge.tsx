import { Badge } from '../../ui/index.ts';
import { showsUrgency, type Urgency } from './triggers.ts';

/** The urgency of an upgrade: a badge for medium and high, nothing for low (spec 2 §4). */
export function UrgencyBadge({ urgency }: { urgency: Urgency | null | undefined }) {
  if (!showsUrgency(urgency)) return null;
  return <Badge $tone={urgency === 'high' ? 'red' : 'orange'}>{urgency === 'high' ? 'High urgency' : 'Medium urgency'}</Badge>;
}
