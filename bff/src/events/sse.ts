import type { Response } from 'express';

/** The kinds of events a browser's stream carries. */
export type PushType = 'notification' | 'membership' | 'usage' | 'reauth';

export interface SseFrame {
  id?: string;
  event?: PushType;
  data?: unknown;
  /** A comment line (heartbeats); browsers ignore it. */
  comment?: string;
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** One server-sent-events frame: `id:`, `event:`, then `data:` lines of JSON, ended by a blank line. */
export function formatFrame({ id, event, data, comment }: SseFrame): string {
  const lines: string[] = [];
  if (comment !== undefined) lines.push(`: ${oneLine(comment)}`);
  if (id !== undefined) lines.push(`id: ${oneLine(id)}`);
  if (event !== undefined) lines.push(`event: ${event}`);
  if (data !== undefined) for (const line of JSON.stringify(data).split('\n')) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

export interface SseStream {
  send(frame: SseFrame): void;
  /** Ends the stream from our side. */
  end(): void;
  readonly closed: boolean;
}

/** Turns a response into an event stream: no buffering anywhere, a heartbeat to keep proxies from timing it out. */
export function openSse(res: Response, { heartbeatMs, onClose }: { heartbeatMs: number; onClose: () => void }): SseStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.socket?.setNoDelay(true);
  res.flushHeaders();

  let closed = false;
  const heartbeat = setInterval(() => stream.send({ comment: 'heartbeat' }), heartbeatMs);
  res.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    onClose();
  });

  const stream: SseStream = {
    send(frame) {
      if (!closed) res.write(formatFrame(frame));
    },
    end() {
      if (closed) return;
      // Nothing is written after the end, even before the response reports itself closed.
      closed = true;
      res.end();
    },
    get closed() {
      return closed;
    },
  };
  stream.send({ comment: 'connected' });
  return stream;
}
