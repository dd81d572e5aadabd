import mongoose, { type Connection } from 'mongoose';

/**
 * Fail-fast settings: with the server away an operation fails once no server answered within the
 * selection time-out, and nothing is buffered while the connection is down.
 */
export const MONGO_FAIL_FAST = { serverSelectionTimeoutMS: 700, connectTimeoutMS: 1_000, bufferCommands: false } as const;

/**
 * A mongoose connection with automatic index builds off (indexes are created explicitly at start) and
 * the fail-fast settings. The database name comes from the URL's path.
 */
export async function connectMongo(url: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, { autoIndex: false, autoCreate: false, ...MONGO_FAIL_FAST });
  return connection.asPromise();
}

export const mongoCheck = (connection: Connection) => async () => {
  if (!connection.db) throw new Error('not connected');
  return connection.db.command({ ping: 1 });
};
