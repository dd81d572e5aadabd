import mongoose, { type Connection } from 'mongoose';

/**
 * A mongoose connection with automatic index builds off: indexes are created explicitly at start.
 * The database name comes from the URL's path.
 */
export async function connectMongo(url: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: 5_000,
  });
  return connection.asPromise();
}

export const mongoCheck = (connection: Connection) => async () => {
  if (!connection.db) throw new Error('not connected');
  return connection.db.command({ ping: 1 });
};
