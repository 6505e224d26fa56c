/** A real SMTP server for the tests (smtp-server), on a free port, keeping what arrives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Recipients refused (with `reject`). */
  refused: string[];
  /** How many connections clients have opened. */
  connections(): number;
  /** Connections that failed, such as a client's socket reset when its process died. */
  connectionErrors: Error[];
  close(): Promise<void>;
}

/** With `reject`, every recipient is refused (550), as a mail server that bounces everything. */
export async function startSmtp(options: { reject?: boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  let connections = 0;
  const connectionErrors: Error[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in the test.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A pooled client's idle connection stays open for the whole test however slow the machine
    // (smtp-server's default drops it after a minute idle), so connections() counts the client's
    // choices only.
    socketTimeout: 30 * 60_000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!options.reject) return callback();
      refused.push(address.address);
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that dies mid-connection (the nginx test kills an app process with kill -9) resets
  // its socket; smtp-server reports that as an 'error' event, which with no listener would be an
  // uncaught exception in the test process.
  server.on('error', (err) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    connections: () => connections,
    connectionErrors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
