import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { images } from './images.ts';
import { freePort } from './ports.ts';
import type { StackUrls } from './stack.ts';

// The engine this runs on (scripts/images.sh engine) has no bridge network and no image registry: every container
// shares the host's network on free ports of its own, addressed at 127.0.0.1, and testcontainers' reaper (an image
// from a registry) stays off: stop() removes what a run started, and `scripts/images.sh engine down` anything left.
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';

const HOST = '127.0.0.1';

/** Whether a container engine answers (DOCKER_HOST, or the places testcontainers looks). */
export async function engineAnswers(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** TCP ports of the container's (the host's) network accepting connections, checked from inside the container. */
const listening = (...ports: number[]) => Wait.forSuccessfulCommand(`bash -c '${ports.map((port) => `exec 3<>/dev/tcp/${HOST}/${port}`).join(' && ')}'`);

function onHostNetwork(image: string): GenericContainer {
  return new GenericContainer(image).withNetworkMode('host').withStartupTimeout(120_000);
}

/** A server in a container, where it listens, and how to stop it. */
export interface StoreContainer<Address> {
  address: Address;
  container: StartedTestContainer;
  stop: () => Promise<void>;
}

async function started<Address>(container: GenericContainer, address: Address): Promise<StoreContainer<Address>> {
  const running = await container.start();
  return { address, container: running, stop: async () => void (await running.stop()) };
}

/** One server each, from the images scripts/images.sh stores builds (images.ts), configured as the local stack's. */
export const storeContainers = {
  async postgres(port?: number): Promise<StoreContainer<{ url: string }>> {
    const p = port ?? (await freePort());
    const container = onHostNetwork(images.postgres)
      .withEnvironment({ POSTGRES_USER: 'kicksight', POSTGRES_PASSWORD: 'kicksight', POSTGRES_DB: 'postgres' })
      .withCommand(['postgres', '-c', `port=${p}`, '-c', `listen_addresses=${HOST}`, '-c', 'max_connections=300'])
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/));
    return started(container, { url: `postgres://kicksight:kicksight@${HOST}:${p}` });
  },

  async redis(port?: number): Promise<StoreContainer<{ url: string }>> {
    const p = port ?? (await freePort());
    const container = onHostNetwork(images.redis)
      .withCommand(['redis-server', '--bind', HOST, '--port', String(p), '--save', '', '--appendonly', 'no'])
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/));
    return started(container, { url: `redis://${HOST}:${p}` });
  },

  /** One KRaft node; its FAULT listener is advertised at `faultBroker`, where a fault test puts a toxiproxy proxy. */
  async kafka(): Promise<StoreContainer<{ brokers: string[]; faultListener: string; faultBroker: string }>> {
    const [port, controller, fault, faultProxy] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const container = onHostNetwork(images.kafka)
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_CONTROLLER_QUORUM_VOTERS: `1@${HOST}:${controller}`,
        KAFKA_LISTENERS: `PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controller},FAULT://${HOST}:${fault}`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${HOST}:${port},FAULT://${HOST}:${faultProxy}`,
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,FAULT:PLAINTEXT',
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
        KAFKA_NUM_PARTITIONS: '1',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/));
    return started(container, { brokers: [`${HOST}:${port}`], faultListener: `${HOST}:${fault}`, faultBroker: `${HOST}:${faultProxy}` });
  },

  /** FerretDB on SQLite: the MongoDB wire protocol, as the local stack runs it. */
  async ferretdb(): Promise<StoreContainer<{ url: string }>> {
    const p = await freePort();
    const container = onHostNetwork(images.ferretdb)
      .withEnvironment({ FERRETDB_LISTEN_ADDR: `${HOST}:${p}`, FERRETDB_LOG_LEVEL: 'warn' })
      .withWaitStrategy(listening(p));
    return started(container, { url: `mongodb://${HOST}:${p}` });
  },

  /** stripe-mock; its HTTPS listener (unused) is parked on a unix socket inside the container. */
  async stripe(): Promise<StoreContainer<{ url: string }>> {
    const p = await freePort();
    const container = onHostNetwork(images.stripe)
      .withCommand(['-http-addr', `${HOST}:${p}`, '-https-unix', '/tmp/stripe-https.sock'])
      .withWaitStrategy(listening(p));
    return started(container, { url: `http://${HOST}:${p}` });
  },

  /** MailDev: SMTP, and its REST API under /api. */
  async maildev(): Promise<StoreContainer<{ smtpHost: string; smtpPort: number; api: string }>> {
    const [smtp, web] = [await freePort(), await freePort()];
    const container = onHostNetwork(images.maildev)
      .withEnvironment({ MAILDEV_SMTP_PORT: String(smtp), MAILDEV_WEB_PORT: String(web), MAILDEV_IP: HOST, MAILDEV_WEB_IP: HOST })
      .withWaitStrategy(listening(smtp, web));
    return started(container, { smtpHost: HOST, smtpPort: smtp, api: `http://${HOST}:${web}/api` });
  },

  /** Toxiproxy: its API; the proxies a test creates listen on the host's network. */
  async toxiproxy(): Promise<StoreContainer<{ url: string }>> {
    const p = await freePort();
    const container = onHostNetwork(images.toxiproxy)
      .withCommand(['-host', HOST, '-port', String(p)])
      .withWaitStrategy(listening(p));
    return started(container, { url: `http://${HOST}:${p}` });
  },
};

/** The same servers as the local stack, in containers (used where a container engine answers). */
export async function startContainers(): Promise<{ urls: StackUrls; stop: () => Promise<void> }> {
  const running: StoreContainer<unknown>[] = [];
  const keep = async <Address>(starting: Promise<StoreContainer<Address>>): Promise<Address> => {
    const store = await starting;
    running.push(store);
    return store.address;
  };
  const stop = async () => void (await Promise.all(running.map((store) => store.stop())));
  const starting = [
    keep(storeContainers.postgres()),
    keep(storeContainers.redis()),
    keep(storeContainers.kafka()),
    keep(storeContainers.ferretdb()),
    keep(storeContainers.stripe()),
    keep(storeContainers.maildev()),
    keep(storeContainers.toxiproxy()),
  ] as const;
  // Every start is waited for, so that a failed one leaves none of the others running.
  const failure = (await Promise.allSettled(starting)).find((result) => result.status === 'rejected');
  if (failure) {
    await stop().catch(() => {});
    throw failure.reason;
  }
  const [postgres, redis, kafka, mongo, stripe, smtp, toxiproxy] = await Promise.all(starting);
  return {
    urls: {
      postgres: postgres.url,
      redis: redis.url,
      kafkaBrokers: kafka.brokers,
      kafkaFaultListener: kafka.faultListener,
      kafkaFaultBroker: kafka.faultBroker,
      mongo: mongo.url,
      stripe: stripe.url,
      smtpHost: smtp.smtpHost,
      smtpPort: smtp.smtpPort,
      smtpApi: smtp.api,
      toxiproxy: toxiproxy.url,
      source: 'containers',
    },
    stop,
  };
}
