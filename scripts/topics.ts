// Creates every Kafka topic of the contracts (and its dead-letter topic) if missing.
import { createKafka, createLogger, ensureTopics } from '@kicksight/platform';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
const partitions = Number(process.env.KAFKA_PARTITIONS ?? 3);
const logger = createLogger('topics', 'warn');

const topics = await ensureTopics(createKafka({ clientId: 'topics', brokers, logger }), { prefix, partitions });
console.log(`topics: ${topics.length} present (${topics.filter((t) => !t.endsWith('.dlq')).join(', ')} and their .dlq)`);
