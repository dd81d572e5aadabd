import { randomUUID } from 'node:crypto';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, FEEDBACK_RATE_LIMIT, paginate, type FeedbackBody } from '@kicksight/contracts';
import { AppError, type Clock, type Pool, type Redis } from '@kicksight/platform';
import { insertFeedback, listFeedback } from '../store/feedback.ts';

/** Who sent feedback: a signed-in member, or a visitor known by their address on the network. */
export type Sender = { userId: string } | { ip: string };

/** Feedback from anyone, rate limited per sender; a signed-in member's feedback is linked to them. */
export function createFeedback({ pool, redis, clock, namespace }: { pool: Pool; redis: Redis; clock: Clock; namespace: string }) {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${namespace}:feedback`,
    points: FEEDBACK_RATE_LIMIT.points,
    duration: FEEDBACK_RATE_LIMIT.windowSeconds,
  });
  return {
    async submit(sender: Sender, body: FeedbackBody) {
      const limitKey = 'userId' in sender ? `user:${sender.userId}` : `ip:${sender.ip}`;
      try {
        await limiter.consume(limitKey);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw new AppError(429, ErrorCode.RATE_LIMITED, 'Too much feedback at once. Please try again later.');
        throw AppError.unavailable('Feedback cannot be taken right now. Please try again shortly.', err);
      }
      const userId = 'userId' in sender ? sender.userId : null;
      return insertFeedback(pool, { id: randomUUID(), userId, email: body.email ?? null, message: body.message }, clock.now());
    },
    async mine(userId: string, page: number, limit: number) {
      const { rows, total } = await listFeedback(pool, userId, (page - 1) * limit, limit);
      return { feedback: rows, pagination: paginate(total, page, limit) };
    },
  };
}
export type Feedback = ReturnType<typeof createFeedback>;
