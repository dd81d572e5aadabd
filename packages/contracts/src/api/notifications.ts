import { z } from 'zod';
import { pageQuery, paginationSchema, trendingItemSchema } from './catalog.ts';
import { valuationSchema } from './collection.ts';
import type { Operation } from './operation.ts';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export * from '../email-templates.ts';
import type { EmailTemplate } from '../email-templates.ts';
/** Emails a member gets even with email notifications turned off. */
export const TRANSACTIONAL_EMAIL_TEMPLATES: readonly EmailTemplate[] = ['password-reset', 'email-change-confirm', 'email-changed', 'payment-failed', 'plan-changed', 'cancellation-scheduled'];

export const NOTIFICATION_TYPES = ['price_alert', 'payment_failed', 'usage_limit'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

export const FEEDBACK_PAGE_SIZE = 10;
export const FEEDBACK_MAX_LENGTH = 5_000;
export const FEEDBACK_REQUIRED_MESSAGE = 'Please enter your feedback';
/** Feedback a sender (member or address) may send per window. */
export const FEEDBACK_RATE_LIMIT = { points: 5, windowSeconds: 10 * 60 } as const;

/** Market movers shown in the digest, each side. */
export const DIGEST_MOVERS = 5;

// ---------------------------------------------------------------------------------------------
// Queries and bodies
// ---------------------------------------------------------------------------------------------

export const notificationsQuerySchema = z.object({
  ...pageQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  unreadOnly: z.enum(['true', 'false'], { error: 'unreadOnly must be true or false' }).optional().transform((v) => v === 'true'),
});

export const feedbackQuerySchema = z.object(pageQuery(FEEDBACK_PAGE_SIZE, 50));

export const feedbackBodySchema = z.object({
  message: z
    .string({ error: FEEDBACK_REQUIRED_MESSAGE })
    .trim()
    .min(1, FEEDBACK_REQUIRED_MESSAGE)
    .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254))])
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** The web client sends it; the server takes the member from the token instead. */
  userId: z.unknown().optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const emailTestBodySchema = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')).optional() })
  .optional()
  .transform((v) => v ?? {});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** Where the notification leads in the app (a path), when somewhere. */
  link: z.string().nullable(),
  /** The sneaker it is about (a price alert), else null. */
  sneakerId: z.string().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  pagination: paginationSchema,
});
export const readAllResponseSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

export const feedbackSchema = z.object({
  id: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema), pagination: paginationSchema });

export const emailTestResultSchema = z.object({
  message: z.string(),
  summary: z.object({ success: z.number().int(), failed: z.number().int() }),
  results: z.array(z.object({ template: z.string(), status: z.enum(['success', 'failed']), error: z.string().nullable() })),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

export const marketMoverSchema = trendingItemSchema.pick({ id: true, name: true, brand: true, imageUrl: true, currentPrice: true, priceChange24h: true, marketStatus: true });
export type MarketMover = z.infer<typeof marketMoverSchema>;
export const marketDigestSchema = z.object({
  asOf: z.string(),
  gainers: z.array(marketMoverSchema),
  losers: z.array(marketMoverSchema),
});
export type MarketDigest = z.infer<typeof marketDigestSchema>;
export const dailyDigestSchema = z.object({
  userId: z.string(),
  date: z.iso.date(),
  collection: valuationSchema.pick({ itemCount: true, totalValue: true, totalGainLoss: true, gainLossPercent: true, change: true, changePercent: true }),
  market: marketDigestSchema,
});
export type DailyDigest = z.infer<typeof dailyDigestSchema>;

// ---------------------------------------------------------------------------------------------
// Operations (the BFF's OpenAPI document)
// ---------------------------------------------------------------------------------------------

const op = (method: Operation['method'], path: string, summary: string, tag: string, extra: Partial<Operation> = {}): Operation => ({ method, path, summary, tag, access: 'token', ...extra });

export const notificationsOperations: Operation[] = [
  op('get', '/api/notifications', 'The member’s in-app notifications, newest first, with the unread count', 'notifications', { query: notificationsQuerySchema, response: notificationsResponseSchema }),
  op('put', '/api/notifications/{id}/read', 'Marks one of the member’s notifications read', 'notifications', { response: notificationSchema }),
  op('put', '/api/notifications/read-all', 'Marks every notification of the member read', 'notifications', { response: readAllResponseSchema }),
  op('delete', '/api/notifications/{id}', 'Deletes one of the member’s notifications', 'notifications'),
  op('post', '/api/feedback', 'Sends feedback (signed in or not; rate limited)', 'feedback', { access: 'optional', status: 201, body: feedbackBodySchema, response: feedbackSchema, errors: ['RATE_LIMITED'] }),
  op('get', '/api/feedback/user', 'The member’s own feedback, newest first', 'feedback', { query: feedbackQuerySchema, response: feedbackListSchema }),
  op('get', '/api/daily-digest/market', 'Market movers and the member’s collection value and change', 'digest', { response: dailyDigestSchema, errors: ['SERVICE_UNAVAILABLE'] }),
  op('get', '/api/daily-digest/{id}', 'The daily digest of a member (their own; any for an administrator)', 'digest', { response: dailyDigestSchema, errors: ['SERVICE_UNAVAILABLE'] }),
  op('post', '/api/email-test/test-all-templates', 'Sends every tested template with sample data (administrators)', 'email-test', { access: 'admin', body: emailTestBodySchema, response: emailTestResultSchema }),
  op('post', '/api/email-test/test-template/{name}', 'Sends one template with sample data (administrators)', 'email-test', { access: 'admin', body: emailTestBodySchema, response: emailTestResultSchema }),
];
