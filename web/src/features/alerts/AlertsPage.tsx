import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { idempotent } from '../../api/client.ts';
import { SneakerImage } from '../market/index.ts';
import { Badge, Button, Card, CardTitle, DialogActions, EmptyState, ErrorState, Modal, Muted, PageHeader, Skeleton, Stack, formatDate, formatMoney, useToast } from '../../ui/index.ts';
import { alertQueries, alertsApi, type PriceAlert, type WatchlistEntry } from './api.ts';
import { promiseOfAlert, watchedSizeLabel } from './alert-words.ts';
import { TargetPriceForm } from './TargetPriceForm.tsx';
import { cssVar, breakpoints } from '../../theme/cssVars.ts';

const Sections = styled.div`
  display: grid;
  gap: 24px;
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 72px 1fr;
  gap: 12px 16px;
  align-items: start;
  padding: 12px;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  background: ${cssVar.colors.surfaceRaised};
  .body { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
  h3 { font-size: 15px; margin: 0; overflow-wrap: anywhere; }
  h3 a { color: inherit; }
  .promise { margin: 0; font-size: 14px; }
  .figures { display: flex; flex-wrap: wrap; gap: 4px 16px; font-variant-numeric: tabular-nums; }
  .actions { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 8px; }
  @media (min-width: ${breakpoints.md}) {
    grid-template-columns: 72px 1fr auto;
    .actions { grid-column: auto; justify-content: flex-end; align-self: center; }
  }
`;

function ListSkeleton({ label }: { label: string }) {
  return (
    <Rows aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
      {[0, 1, 2].map((i) => (
        <Row key={i}>
          <Skeleton $h={54} />
          <div className="body">
            <Skeleton $h={16} $w="60%" />
            <Skeleton $h={14} $w="85%" />
          </div>
        </Row>
      ))}
    </Rows>
  );
}

/** A list's loading, error, empty and populated states. */
function ListStates<T>({ query, label, what, empty, children }: { query: UseQueryResult<T[]>; label: string; what: string; empty: ReactNode; children(items: T[]): ReactNode }) {
  if (query.isPending) return <ListSkeleton label={label} />;
  if (query.isError) return <ErrorState title={`Couldn't load your ${what}`} message={`${query.error.message} Please try again.`} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return empty;
  return <Rows aria-label={label}>{children(query.data)}</Rows>;
}

/** Removes an alert or a watchlist entry, with a toast either way, then refreshes both lists. */
function useRemoval(remove: (target: { id: string }, idempotencyKey: string) => Promise<unknown>, titles: { done: string; failed: string }, onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: idempotent(remove),
    onSuccess: () => {
      toast.show({ title: titles.done, variant: 'success' });
      onDone();
    },
    onError: (error) => toast.show({ title: titles.failed, description: error.message, variant: 'error', duration: 5_000 }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertQueries.all }),
  });
}

/** A confirmation before something is removed. */
function ConfirmRemove({ title, text, busy, onConfirm, onClose }: { title: string; text: ReactNode; busy: boolean; onConfirm(): void; onClose(): void }) {
  return (
    <Modal open title={title} onClose={onClose} width={420}>
      <Stack $gap={4}>
        <p style={{ margin: 0 }}>{text}</p>
        <DialogActions onCancel={onClose} busy={busy} label="Remove" busyLabel="Removing..." danger onConfirm={onConfirm} />
      </Stack>
    </Modal>
  );
}

const lastTriggered = (alert: PriceAlert) =>
  alert.lastTriggeredAt ? `Last triggered ${formatDate(alert.lastTriggeredAt)} (${alert.triggerCount} ${alert.triggerCount === 1 ? 'time' : 'times'})` : 'Not triggered yet';

function AlertRow({ alert, onEdit, onRemove }: { alert: PriceAlert; onEdit(): void; onRemove(): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const name = alert.sneakerName ?? 'Sneaker';
  const pause = useMutation({
    mutationFn: idempotent(alertsApi.updatePriceAlert),
    onSuccess: (updated: PriceAlert) => toast.show({ title: updated.paused ? 'Price Alert Paused' : 'Price Alert Resumed', description: updated.paused ? undefined : promiseOfAlert(updated), variant: 'success' }),
    onError: (error) => toast.show({ title: 'Failed to update the price alert. Please try again.', description: error.message, variant: 'error', duration: 5_000 }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertQueries.all }),
  });
  return (
    <Row aria-label={`${name}, ${watchedSizeLabel(alert.size)}`}>
      <Link to={`/admin/product/${alert.sneakerId}`} tabIndex={-1} aria-hidden="true">
        <SneakerImage src={alert.imageUrl} name={name} />
      </Link>
      <div className="body">
        <h3>
          <Link to={`/admin/product/${alert.sneakerId}`}>{name}</Link>
        </h3>
        <Stack $row $gap={2} $wrap $align="center">
          <Badge $tone="blue">{watchedSizeLabel(alert.size)}</Badge>
          {alert.paused ? <Badge $tone="orange">Paused</Badge> : <Badge $tone="green">Active</Badge>}
        </Stack>
        <p className="promise">
          {alert.paused ? 'Paused. When resumed: ' : ''}
          {promiseOfAlert(alert)}
        </p>
        <div className="figures">
          <span>Target {formatMoney(alert.targetPrice)}</span>
          <Muted>Now {formatMoney(alert.currentPrice)}</Muted>
          <Muted>{lastTriggered(alert)}</Muted>
        </div>
      </div>
      <div className="actions">
        <Button type="button" $size="sm" $variant="secondary" onClick={onEdit} aria-label={`Edit target of ${name}`}>
          Edit target
        </Button>
        <Button type="button" $size="sm" $variant="secondary" disabled={pause.isPending} onClick={() => pause.mutate({ id: alert.id, paused: !alert.paused })} aria-label={`${alert.paused ? 'Resume' : 'Pause'} alert on ${name}`}>
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button type="button" $size="sm" $variant="ghost" onClick={onRemove} aria-label={`Remove alert on ${name}`}>
          Remove
        </Button>
      </div>
    </Row>
  );
}

function EditTargetDialog({ alert, onClose }: { alert: PriceAlert; onClose(): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: idempotent(alertsApi.updatePriceAlert),
    onSuccess: (updated: PriceAlert) => {
      toast.show({ title: 'Price Alert Updated', description: promiseOfAlert(updated), variant: 'success', duration: 5_000 });
      onClose();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertQueries.all }),
  });
  return (
    <Modal open title={`Edit target: ${alert.sneakerName ?? 'Sneaker'}`} onClose={onClose} width={440}>
      <TargetPriceForm
        watched={alert}
        initialTarget={alert.targetPrice}
        label="Save Target"
        busy={update.isPending}
        serverError={update.error?.message ?? null}
        onSubmit={(targetPrice) => update.mutate({ id: alert.id, targetPrice })}
        onCancel={onClose}
      />
    </Modal>
  );
}

function PriceAlertsCard() {
  const alerts = useQuery(alertQueries.priceAlerts());
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  const [removing, setRemoving] = useState<PriceAlert | null>(null);
  const remove = useRemoval(alertsApi.removePriceAlert, { done: 'Price Alert Removed', failed: 'Failed to remove the price alert. Please try again.' }, () => setRemoving(null));
  return (
    <Card aria-labelledby="price-alerts-title">
      <CardTitle id="price-alerts-title">Price Alerts</CardTitle>
      <ListStates
        query={alerts}
        label="Price alerts"
        what="price alerts"
        empty={<EmptyState title="No price alerts yet" text="Open a sneaker and choose Price Alert to hear when its price moves." action={<Link to="/admin/search">Search Sneakers</Link>} />}
      >
        {(items) => items.map((alert) => <AlertRow key={alert.id} alert={alert} onEdit={() => setEditing(alert)} onRemove={() => setRemoving(alert)} />)}
      </ListStates>
      {editing && <EditTargetDialog alert={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmRemove
          title="Remove Price Alert"
          text={
            <>
              Remove your {formatMoney(removing.targetPrice)} alert on <strong>{removing.sneakerName ?? 'this sneaker'}</strong> ({watchedSizeLabel(removing.size)})?
            </>
          }
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

function WatchlistRow({ entry, onRemove }: { entry: WatchlistEntry; onRemove(): void }) {
  const name = entry.name ?? 'Sneaker';
  return (
    <Row aria-label={name}>
      <Link to={`/admin/product/${entry.sneakerId}`} tabIndex={-1} aria-hidden="true">
        <SneakerImage src={entry.imageUrl} name={name} brand={entry.brand ?? undefined} />
      </Link>
      <div className="body">
        <h3>
          <Link to={`/admin/product/${entry.sneakerId}`}>{name}</Link>
        </h3>
        <Muted>{entry.brand ?? ''}</Muted>
        <div className="figures">
          <span>Lowest price {formatMoney(entry.currentPrice)}</span>
          <Muted>Retail {formatMoney(entry.retailPrice)}</Muted>
          <Muted>Added {formatDate(entry.addedAt)}</Muted>
        </div>
      </div>
      <div className="actions">
        <Button type="button" $size="sm" $variant="ghost" onClick={onRemove} aria-label={`Remove ${name} from watchlist`}>
          Remove
        </Button>
      </div>
    </Row>
  );
}

function WatchlistCard() {
  const watchlist = useQuery(alertQueries.watchlist());
  const [removing, setRemoving] = useState<WatchlistEntry | null>(null);
  const remove = useRemoval(alertsApi.unwatch, { done: 'Removed from Watchlist', failed: 'Failed to update your watchlist. Please try again.' }, () => setRemoving(null));
  return (
    <Card aria-labelledby="watchlist-title">
      <CardTitle id="watchlist-title">Watchlist</CardTitle>
      <ListStates
        query={watchlist}
        label="Watchlist"
        what="watchlist"
        empty={<EmptyState title="Your watchlist is empty" text="Use the Watchlist button on a sneaker to follow its price here." action={<Link to="/admin/search">Search Sneakers</Link>} />}
      >
        {(items) => items.map((entry) => <WatchlistRow key={entry.id} entry={entry} onRemove={() => setRemoving(entry)} />)}
      </ListStates>
      {removing && (
        <ConfirmRemove
          title="Remove from Watchlist"
          text={
            <>
              Stop watching <strong>{removing.name ?? 'this sneaker'}</strong>?
            </>
          }
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

/** Alerts & Watchlist: the member's price alerts (edit the target, pause, remove, when each last fired) and watched sneakers. */
export default function AlertsPage() {
  return (
    <>
      <PageHeader>
        <div>
          <h1>Alerts &amp; Watchlist</h1>
          <p>Price alerts you have set and the sneakers you watch</p>
        </div>
      </PageHeader>
      <Sections>
        <PriceAlertsCard />
        <WatchlistCard />
      </Sections>
    </>
  );
}
