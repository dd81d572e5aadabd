import nodemailer from 'nodemailer';
import type { RenderedEmail } from './render.ts';

export interface MailerOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Connections kept open to the SMTP server (one per concurrent send). */
  maxConnections?: number;
}

export interface Mailer {
  /** Sends one message; answers the SMTP server's message id, or throws when the server refuses or cannot be reached. */
  send(to: string, email: RenderedEmail): Promise<string>;
  close(): void;
}

/** Email over SMTP with nodemailer: pooled connections, short time-outs so a dead server fails the try quickly. */
export function createMailer({ host, port, secure, user, password, from, maxConnections = 5 }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    pool: true,
    maxConnections,
    auth: user ? { user, pass: password ?? '' } : undefined,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  return {
    async send(to, { subject, html, text }) {
      const info = await transport.sendMail({ from, to, subject, html, text });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
