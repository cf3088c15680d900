import nodemailer from 'nodemailer';

/** A file sent with an email, as text (a calendar invite). */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/** One plain-text email, with any attachments. */
export type Email = { to: string; subject: string; text: string; attachments?: EmailAttachment[] };

/** Where emails go: an SMTP server, or the server log when none is configured. */
export type MailTransport = {
  /** Resolves once the email is handed over; rejects with the reason when it could not be. */
  send(email: Email): Promise<void>;
  close(): void;
};

/** Sends through the SMTP server at `url` (smtp:// or smtps://, user and password in the URL). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // A server that stops answering must not hold the sender: nodemailer waits minutes by default.
  const transporter = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(email) {
      await transporter.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.attachments?.length
          ? {
              attachments: email.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
              })),
            }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** With no SMTP server (the embedded default), each email is written to the log, link included. */
export function createLogTransport(log: (email: Email) => void): MailTransport {
  return {
    send(email) {
      log(email);
      return Promise.resolve();
    },
    close: () => {},
  };
}
