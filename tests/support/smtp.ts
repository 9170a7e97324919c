import { SMTPServer } from 'smtp-server';
import { freePort } from './server.js';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process; mails it receives are kept in order. */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(pred, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = mails.find(pred);
        if (m) return m;
        if (Date.now() > deadline) throw new Error('mail not received');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token in a received mail (quoted-printable soft breaks undone). */
export function resetTokenIn(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1];
}
