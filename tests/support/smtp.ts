import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP error the server answers with (a 4xx is temporary, a 5xx permanent). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on loopback that keeps every message it receives. `refuse` may turn a delivery
 * down (asked once per message, in order: the first call is the first message's): tests of retries.
 */
export async function startSmtpServer({
  refuse,
}: { refuse?: (attempt: number) => SmtpRefusal | undefined } = {}) {
  const messages: ParsedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const refusal = refuse?.(++attempts);
      simpleParser(stream)
        .then((mail) => {
          if (refusal) {
            const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
            return callback(err);
          }
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages the server was offered, accepted or not. */
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
