import { Badge, Muted } from '../../../ui/index.ts';

export const ADMIN_STATUS = {
  plan: 'Administrator',
  badge: 'No limits',
  note: 'Administrators have every feature with no limits and no plan: there is nothing to buy or bill.',
} as const;

/** What an administrator's membership is: no plan and no limits, so no purchase buttons. */
export function AdminStatus() {
  return (
    <div>
      <p style={{ margin: 0, fontSize: 20, fontWeight: 700 }}>
        <span>{ADMIN_STATUS.plan}</span> <Badge $tone="purple">{ADMIN_STATUS.badge}</Badge>
      </p>
      <p style={{ margin: '8px 0 0' }}>
        <Muted>{ADMIN_STATUS.note}</Muted>
      </p>
    </div>
  );
}
