import mongoose, { type Connection } from 'mongoose';
import { makeDriverWritesFailOnClose } from './mongo-socket-close.ts';

makeDriverWritesFailOnClose();

/**
 * Fail-fast settings: with the server away an operation fails once no server answered within the
 * selection time-out, and nothing is buffered while the connection is down.
 */
export const MONGO_FAIL_FAST = { serverSelectionTimeoutMS: 700, connectTimeoutMS: 1_000, bufferCommands: false } as const;

/**
 * A mongoose connection with automatic index builds off (indexes are created explicitly at start) and
 * the fail-fast settings. The database name comes from the URL's path. A server slow to answer at
 * start-up (a busy machine, a server starting beside it) is tried again until `startupTimeoutMs`.
 */
export async function connectMongo(url: string, { startupTimeoutMs = 30_000 }: { startupTimeoutMs?: number } = {}): Promise<Connection> {
  const deadline = Date.now() + startupTimeoutMs;
  for (;;) {
    const connection = mongoose.createConnection(url, { autoIndex: false, autoCreate: false, ...MONGO_FAIL_FAST });
    try {
      return await connection.asPromise();
    } catch (err) {
      await connection.close().catch(() => {});
      if (Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export const mongoCheck = (connection: Connection) => async () => {
  if (!connection.db) throw new Error('not connected');
  return connection.db.command({ ping: 1 });
};
