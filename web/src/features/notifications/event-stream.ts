import { API_BASE } from '../../api/client.ts';

export type LiveEventType = 'notification' | 'membership' | 'usage' | 'reauth';
export type StreamSignal = LiveEventType | 'open' | 'reconnected';

/** The payload the BFF sends: the event's type and time and its data. */
export interface LiveEvent {
  type?: string;
  occurredAt?: string;
  data?: Record<string, unknown>;
}

type Listener = (signal: StreamSignal, event: LiveEvent | null) => void;

interface EventStreamDeps {
  /** The access token to open the stream with, or null when signed out. */
  token(): string | null;
  /** Gets a fresh token after `reauth`. */
  refresh(): Promise<unknown>;
  open(url: string): EventSource;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const LIVE_EVENTS: readonly LiveEventType[] = ['notification', 'membership', 'usage', 'reauth'];
const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * The app's one connection to `/api/events`: reconnects with backoff and the current token, asks for a
 * fresh token after `reauth`, and tells listeners when it is back so they refetch what they show.
 */
export class EventStream {
  private source: EventSource | null = null;
  private listeners = new Set<Listener>();
  private attempts = 0;
  private everOpened = false;
  private timer: unknown = null;
  private running = false;
  private readonly deps: EventStreamDeps;

  constructor(deps: EventStreamDeps) {
    this.deps = deps;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.everOpened = false;
    this.attempts = 0;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
  }

  get connected(): boolean {
    return this.source?.readyState === 1;
  }

  private emit(signal: StreamSignal, event: LiveEvent | null): void {
    for (const listener of this.listeners) listener(signal, event);
  }

  private connect(): void {
    const token = this.deps.token();
    if (!this.running || !token) return;
    const source = this.deps.open(`${API_BASE}/events?token=${encodeURIComponent(token)}`);
    this.source = source;
    source.onopen = () => {
      this.attempts = 0;
      this.emit(this.everOpened ? 'reconnected' : 'open', null);
      this.everOpened = true;
    };
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.retryLater();
    };
    for (const type of LIVE_EVENTS)
      source.addEventListener(type, (message) => {
        if (this.source !== source) return;
        const event = parse((message as MessageEvent).data);
        if (type === 'reauth') {
          source.close();
          void this.deps.refresh().then(
            () => this.reconnectNow(),
            () => this.stop(),
          );
        }
        this.emit(type, event);
      });
  }

  private reconnectNow(): void {
    if (!this.running) return;
    this.source = null;
    this.connect();
  }

  private retryLater(): void {
    this.source = null;
    const wait = Math.min(RECONNECT_BASE_MS * 2 ** this.attempts, RECONNECT_MAX_MS);
    this.attempts += 1;
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      this.connect();
    }, wait);
  }
}

function parse(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as LiveEvent;
  } catch {
    return null;
  }
}
