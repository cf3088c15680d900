import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export type ReceivedEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Files sent with the email, their content decoded as UTF-8 text. */
  attachments: { filename: string; contentType: string; method: string; content: string }[];
};

/**
 * A real SMTP server inside the test process: the app sends to it through nodemailer over TCP,
 * and the test reads what arrived, decoded as a mail client would.
 */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: mail.from?.value.map((a) => `${a.name} <${a.address}>`).join(', ') ?? '',
            to: [mail.to ?? []]
              .flat()
              .map((a) => a.text)
              .join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              method: String(
                a.headers.get('content-type')
                  ? ((a.headers.get('content-type') as { params?: { method?: string } }).params?.method ?? '')
                  : '',
              ),
              content: a.content.toString('utf8'),
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits (up to 5 s) for an email to this address whose subject matches, and returns it. */
    async next(to: string, subject: RegExp = /.*/): Promise<ReceivedEmail> {
      return vi.waitFor(
        () => {
          const found = received.find((m) => m.to === to && subject.test(m.subject));
          if (!found) throw new Error(`no email to ${to} matching ${subject} yet`);
          return found;
        },
        { timeout: 5_000, interval: 20 },
      );
    },
    to: (address: string) => received.filter((m) => m.to === address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
