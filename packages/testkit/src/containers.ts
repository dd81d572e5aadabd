import { GenericContainer, Network, Wait, type StartedTestContainer } from 'testcontainers';
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { RedisContainer } from '@testcontainers/redis';
import { images } from './images.ts';
import { freePort } from './ports.ts';
import type { StackUrls } from './stack.ts';

/**
 * The same servers as the local stack, in containers (used where a container runtime exists): the same
 * versions (images.ts), FerretDB on SQLite for the MongoDB wire protocol, MailDev's API under /api.
 * Kafka advertises two listeners on fixed host ports: the plain one, and one reached through
 * toxiproxy for fault tests.
 */
export async function startContainers(): Promise<{ urls: StackUrls; stop: () => Promise<void> }> {
  const network = await new Network().start();
  const started: StartedTestContainer[] = [];
  const keep = <T extends StartedTestContainer>(c: T) => {
    started.push(c);
    return c;
  };
  try {
    const [kafkaPort, faultPort] = [await freePort(), await freePort()];
    const toxiproxy = keep(
      await new GenericContainer(images.toxiproxy)
        .withNetwork(network)
        .withExposedPorts(8474, { container: 9095, host: faultPort })
        .withWaitStrategy(Wait.forHttp('/version', 8474))
        .start(),
    );
    const [postgres, redis, mongo, kafka, stripe, smtp] = await Promise.all([
      new PostgreSqlContainer(images.postgres).withUsername('kicksight').withPassword('kicksight').withDatabase('postgres').start(),
      new RedisContainer(images.redis).start(),
      new GenericContainer(images.ferretdb)
        .withEnvironment({ FERRETDB_HANDLER: 'sqlite', FERRETDB_SQLITE_URL: 'file:/state/', FERRETDB_TELEMETRY: 'disable' })
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forListeningPorts())
        .start(),
      new GenericContainer(images.kafka)
        .withNetwork(network)
        .withNetworkAliases('kafka')
        .withExposedPorts({ container: 9092, host: kafkaPort })
        .withEnvironment({
          KAFKA_NODE_ID: '1',
          KAFKA_PROCESS_ROLES: 'broker,controller',
          KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
          KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,CONTROLLER://0.0.0.0:9093,FAULT://0.0.0.0:9094',
          KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${kafkaPort},FAULT://127.0.0.1:${faultPort}`,
          KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,FAULT:PLAINTEXT',
          KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
          KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
          KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
          KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
          KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
        })
        .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
        .start(),
      new GenericContainer(images.stripe).withExposedPorts(12111).start(),
      new GenericContainer(images.maildev).withExposedPorts(1025, 1080).withWaitStrategy(Wait.forHttp('/api/healthz', 1080)).start(),
    ]);
    [postgres, redis, mongo, kafka, stripe, smtp].forEach((c) => keep(c));
    const api = `http://${toxiproxy.getHost()}:${toxiproxy.getMappedPort(8474)}`;
    const urls: StackUrls = {
      postgres: `postgres://kicksight:kicksight@${postgres.getHost()}:${postgres.getPort()}`,
      redis: redis.getConnectionUrl(),
      kafkaBrokers: [`127.0.0.1:${kafkaPort}`],
      // Inside the container network the proxy reaches the broker's fault listener by its alias.
      kafkaFaultListener: 'kafka:9094',
      kafkaFaultBroker: `127.0.0.1:${faultPort}`,
      mongo: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
      stripe: `http://${stripe.getHost()}:${stripe.getMappedPort(12111)}`,
      smtpHost: smtp.getHost(),
      smtpPort: smtp.getMappedPort(1025),
      smtpApi: `http://${smtp.getHost()}:${smtp.getMappedPort(1080)}/api`,
      toxiproxy: api,
      source: 'containers',
    };
    return {
      urls,
      stop: async () => {
        await Promise.all(started.map((c) => c.stop()));
        await network.stop();
      },
    };
  } catch (err) {
    await Promise.all(started.map((c) => c.stop().catch(() => {})));
    await network.stop().catch(() => {});
    throw err;
  }
}
