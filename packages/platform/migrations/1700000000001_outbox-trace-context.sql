-- Up Migration
-- The W3C trace context of the request that wrote an event (traceparent, tracestate); the relay sends it
-- as Kafka headers, so the consumer continues that trace.
ALTER TABLE outbox ADD COLUMN trace_context jsonb;

-- Down Migration
ALTER TABLE outbox DROP COLUMN trace_context;
