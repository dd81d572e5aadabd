import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import mongoose from 'mongoose';

/**
 * The MongoDB driver's connection (7.8 and 7.9), as far as a write needs it.
 *
 * After a write the socket refuses, the driver waits for the socket's `drain`. A socket that was destroyed
 * (the server went away, or the connection's own time-out ended it) never drains, and the driver's handling
 * of its `close` does not end that wait: the command never settles. For the server monitor that is fatal.
 * Its heartbeat hangs, the monitor never checks again, and the client keeps the server "unknown" long after
 * it is back. Every operation then fails server selection with the error of the connection that saw the
 * server go, until the process restarts. It happens when a heartbeat is sent in the moment between a socket's
 * destruction and its `close` event: a server that goes away under load leaves the process unready about
 * one time in two.
 */
interface DriverConnection {
  id: number | '<monitor>';
  address: string;
  socket: Socket;
  writeCommand(this: DriverConnection, command: unknown, options: unknown): Promise<void>;
}

const FAILS_ON_CLOSE = Symbol.for('kicksight.mongo.writeFailsOnClose');

type WriteCommand = DriverConnection['writeCommand'] & { [FAILS_ON_CLOSE]?: true };

const closedError = (connection: DriverConnection) => new mongoose.mongo.MongoNetworkError(`connection ${connection.id} to ${connection.address} closed`);

/**
 * Makes a write on a connection whose socket is destroyed, or is destroyed while the write waits, fail
 * with the driver's own network error, as a write on a closed connection does: the monitor's heartbeat
 * fails and is tried again, and an operation fails over to the driver's usual handling (the pool cleared, a
 * 503 from the service). Applied once to the driver copy mongoose loads.
 */
export function makeDriverWritesFailOnClose(): void {
  const driverRequire = createRequire(createRequire(import.meta.url).resolve('mongoose'));
  const { Connection } = driverRequire('mongodb/lib/cmap/connection.js') as { Connection: { prototype: { writeCommand: WriteCommand } } };
  const write = Connection.prototype.writeCommand;
  if (typeof write !== 'function') throw new Error('the MongoDB driver has no Connection.writeCommand: review makeDriverWritesFailOnClose');
  if (write[FAILS_ON_CLOSE]) return;
  const failingOnClose: WriteCommand = async function (this: DriverConnection, command, options) {
    if (this.socket.destroyed) throw closedError(this);
    let onClose: (() => void) | undefined;
    const closed = new Promise<never>((_, reject) => {
      onClose = () => reject(closedError(this));
      this.socket.once('close', onClose);
    });
    const writing = write.call(this, command, options);
    // Once the close has answered, a late failure of the abandoned wait is nobody's to handle.
    writing.catch(() => {});
    try {
      return await Promise.race([writing, closed]);
    } finally {
      this.socket.off('close', onClose!);
    }
  };
  failingOnClose[FAILS_ON_CLOSE] = true;
  Connection.prototype.writeCommand = failingOnClose;
}
