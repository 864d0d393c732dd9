import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP peer on a free loopback port that keeps every message it accepted (the mail tests' receiving end). */
export function smtpPeer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The sender may keep its connection open: do not wait 30 s for it when the peer closes.
    closeTimeout: 200,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return {
    received,
    /** Starts listening; answers the port. */
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as net.AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
