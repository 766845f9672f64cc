import nodemailer from 'nodemailer';

/**
 * `messageId`: the Message-ID header, fixed per outbox row, so a mail delivered again after a crash
 * (SMTP has no idempotency) carries the same id and a receiver can tell it is one message.
 */
export type OutgoingMail = { from: string; to: string; subject: string; text: string; html?: string | null; messageId?: string };

/** Something that delivers one mail or throws. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): void;
}

/** nodemailer over SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: mail.messageId,
      });
      return { messageId: String(info.messageId) };
    },
    close() {
      transport.close();
    },
  };
}
