/**
 * Where mail goes: an SMTP server (SMTP_URL, through nodemailer), or, on the embedded default,
 * `.eml` files in DATA_DIR/outbox/ that any mail program opens (written whole, then renamed
 * into place, readable by the server's user only).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string, from: string): MailTransport {
  // Pooled: the mails of a send pass, and of the passes in the next few minutes, share one
  // connection (up to nodemailer's five at once), not a connection, greeting, TLS handshake and
  // login each. `pool=false` in SMTP_URL's query turns that off.
  const transporter = nodemailer.createTransport({ url, pool: true });
  return {
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

export function outboxTransport(dir: string, from: string): MailTransport {
  // nodemailer builds the message (headers, encoding) without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let made: Promise<unknown> | undefined;
  return {
    send: async (mail) => {
      const info = await builder.sendMail({ from, ...mail });
      // Made once per process, off the event loop; again if it failed or has gone (ENOENT).
      made ??= fs.promises.mkdir(dir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
        made = undefined;
        throw err;
      });
      await made;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`;
      const temp = path.join(dir, `.${name}.tmp`);
      try {
        await fs.promises.writeFile(temp, info.message as Buffer, { mode: 0o600 });
        await fs.promises.rename(temp, path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') made = undefined;
        throw err;
      }
    },
    close: () => builder.close(),
  };
}
