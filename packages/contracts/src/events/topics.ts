/** Kafka topics, one per aggregate. Names are never renamed in place. */
export const Topic = {
  user: 'user',
  membership: 'membership',
  usage: 'usage',
  catalog: 'catalog',
  collection: 'collection',
  notification: 'notification',
  passwordReset: 'password-reset',
} as const;
export type Topic = (typeof Topic)[keyof typeof Topic];

export const ALL_TOPICS: readonly Topic[] = Object.values(Topic);

/** Where poison messages of a topic go. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** Retention of the password-reset topic: its events carry reset and email-change links, so they must not linger. */
export const PASSWORD_RESET_RETENTION_MS = 24 * 60 * 60 * 1000;
