import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxHandler } from '../outbox/worker.js';

export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail; content is base64 (the payload is JSON). A cid lets the html show it inline. */
  attachments?: { filename: string; contentType: string; content: string; cid?: string }[];
}

/**
 * The outbox handler for 'mail' entries: sends over SMTP_URL, or, without SMTP, keeps the mail in the outbox and
 * logs it so an operator can still see what would have gone out.
 */
export function mailHandler(
  smtpUrl: string | undefined,
  from: string,
  log: FastifyBaseLogger,
): { handler: OutboxHandler; close(): void } {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    handler: async (payload, entry) => {
      const mail = payload as unknown as MailPayload;
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject, key: entry.key }, 'mail kept in the outbox (no SMTP_URL)');
        return 'kept';
      }
      const attachments = mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
        ...(a.cid ? { cid: a.cid } : {}),
      }));
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
        messageId: `<${entry.key}@outbox>`,
      });
      return 'delivered';
    },
    close: () => transport?.close(),
  };
}
