import { alertCrossing, isEvent, type Envelope } from '@kicksight/contracts';
import { applyOnce, type Clock, type Pool, type PoolClient } from '@kicksight/platform';
import { eraseMember } from '../store/erasure.ts';
import { recordActivity, registerRecipient, updateRecipient } from '../store/recipients.ts';
import { logEmails, type EmailRequest } from '../store/sent-emails.ts';
import { endTrial, saveTrial } from '../store/trials.ts';
import { emailKey } from './emails.ts';
import { addNotification, type NotificationDraft } from './notifications.ts';

/** The dedupe name of the consumer (its rows in processed_event). */
export const EVENTS_CONSUMER = 'notifications';

const USAGE_LABELS: Record<string, string> = { search: 'searches', product_view: 'product views', collection_item: 'collection items' };

interface Reaction {
  emails: EmailRequest[];
  notification?: NotificationDraft;
}

/** What an event asks of notifications: projection changes on `client`, then the emails and the in-app notice it triggers. */
async function react(client: PoolClient, event: Envelope, now: Date): Promise<Reaction> {
  const none: Reaction = { emails: [] };
  if (isEvent(event, 'user.registered@1')) {
    const { userId, email, name, createdAt } = event.data;
    await registerRecipient(client, { userId, email, name, day: createdAt.slice(0, 10) }, now);
    return { emails: [{ userId, template: 'welcome', key: emailKey('welcome', userId), payload: { name } }] };
  }
  if (isEvent(event, 'user.updated@1')) {
    await updateRecipient(client, event.data, now);
    return none;
  }
  if (isEvent(event, 'user.active@1')) {
    await recordActivity(client, event.data.userId, event.data.day, now);
    return none;
  }
  if (isEvent(event, 'user.deleted@1')) {
    await eraseMember(client, event.data.userId, now);
    return none;
  }
  if (isEvent(event, 'user.password_reset_requested@1')) {
    const { userId, email, name, resetUrl, expiresAt } = event.data;
    return { emails: [{ userId, template: 'password-reset', key: emailKey('password-reset', event.id), toAddress: email, payload: { name, resetUrl, expiresAt } }] };
  }
  if (isEvent(event, 'user.email_change_requested@1')) {
    const { userId, email, name, currentEmail, confirmUrl, expiresAt } = event.data;
    return { emails: [{ userId, template: 'email-change-confirm', key: emailKey('email-change-confirm', event.id), toAddress: email, payload: { name, currentEmail, newEmail: email, confirmUrl, expiresAt } }] };
  }
  if (isEvent(event, 'user.email_changed@1')) {
    const { userId, name, previousEmail, email, undoUrl, undoExpiresAt } = event.data;
    return { emails: [{ userId, template: 'email-changed', key: emailKey('email-changed', event.id), toAddress: previousEmail, payload: { name, previousEmail, newEmail: email, undoUrl, undoExpiresAt } }] };
  }
  if (isEvent(event, 'subscription.trial_started@1')) {
    await saveTrial(client, event.data.userId, event.data.trialEndsAt);
    return none;
  }
  if (isEvent(event, 'subscription.trial_expired@1')) {
    const { userId } = event.data;
    await endTrial(client, userId);
    return { emails: [{ userId, template: 'trial-expired-upgrade', key: emailKey('trial-expired-upgrade', userId), payload: {} }] };
  }
  if (isEvent(event, 'subscription.started@1')) {
    const { userId, tier, periodEnd } = event.data;
    await endTrial(client, userId);
    return { emails: [{ userId, template: 'subscription-confirmation', key: emailKey('subscription-confirmation', event.id), payload: { tier, periodEnd } }] };
  }
  if (isEvent(event, 'subscription.canceled@1')) {
    const { userId, tier, periodEnd } = event.data;
    return { emails: [{ userId, template: 'subscription-cancellation', key: emailKey('subscription-cancellation', event.id), payload: { tier, periodEnd } }] };
  }
  if (isEvent(event, 'subscription.plan_changed@1')) {
    const { userId, ...change } = event.data;
    return { emails: [{ userId, template: 'plan-changed', key: emailKey('plan-changed', event.id), payload: change }] };
  }
  if (isEvent(event, 'subscription.cancel_scheduled@1')) {
    const { userId, tier, accessUntil } = event.data;
    return { emails: [{ userId, template: 'cancellation-scheduled', key: emailKey('cancellation-scheduled', event.id), payload: { tier, accessUntil } }] };
  }
  if (isEvent(event, 'payment.failed@1')) {
    const { userId, amount, currency, invoiceId } = event.data;
    return {
      emails: [{ userId, template: 'payment-failed', key: emailKey('payment-failed', event.id), payload: { amount, currency, invoiceId } }],
      notification: { userId, type: 'payment_failed', title: 'Payment failed', message: 'We could not take your payment. Update your payment method to keep your plan.', link: '/admin/membership' },
    };
  }
  if (isEvent(event, 'usage.threshold@1')) {
    const { userId, action, used, limit, level } = event.data;
    const template = level === 100 ? 'usage-limit-reached' : 'usage-limit-warning';
    const label = USAGE_LABELS[action] ?? action;
    return {
      emails: [{ userId, template, key: emailKey(template, event.id), payload: { action, used, limit, level } }],
      notification: {
        userId,
        type: 'usage_limit',
        title: level === 100 ? `You have reached your ${label} limit` : `You have used ${used} of ${limit} ${label}`,
        message: level === 100 ? 'Upgrade to keep going.' : 'Upgrade before you run out.',
        link: '/admin/upgrade',
      },
    };
  }
  if (isEvent(event, 'alert.triggered@1')) {
    const { userId, sneakerId, sneakerName, size, targetPrice, price, direction, notifyInApp } = event.data;
    const name = sneakerName ?? 'A sneaker you watch';
    const emails = [{ userId, template: 'price-alert' as const, key: emailKey('price-alert', event.id), payload: { sneakerId, sneakerName: name, size, targetPrice, price, direction, reached: price === targetPrice } }];
    // A member who turned in-app price-alert notices off still gets the email (their email preference decides it).
    if (notifyInApp === false) return { emails };
    return {
      emails,
      notification: {
        userId,
        type: 'price_alert',
        title: `Price alert: ${name}`,
        message: `${alertCrossing({ size, targetPrice, price, direction })}.`,
        link: `/admin/product/${sneakerId}`,
        sneakerId,
      },
    };
  }
  return none;
}

/**
 * Applies an event once (its dedupe row, projection changes, notification, outbox event and email log
 * commit together), then queues the emails it logged. A redelivered event changes nothing.
 */
export function createEventReactions({ pool, clock, enqueue }: { pool: Pool; clock: Clock; enqueue: (keys: string[]) => Promise<void> }) {
  return async (event: Envelope): Promise<void> => {
    let keys: string[] = [];
    await applyOnce(
      pool,
      EVENTS_CONSUMER,
      async (client, e) => {
        const now = clock.now();
        const { emails, notification } = await react(client, e, now);
        if (notification) await addNotification(client, notification, { clock, correlationId: e.correlationId });
        keys = await logEmails(client, emails, now);
      },
      clock,
    )(event);
    await enqueue(keys);
  };
}
