import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server (npm smtp-server) that keeps what it receives; can be stopped and restarted. */
export async function startSmtpSink(port = 0) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let actualPort = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            callback();
          });
        },
      });
      server.on("error", () => {});
      server.listen(actualPort, "127.0.0.1", () => {
        actualPort = (server.server.address() as { port: number }).port;
        resolve();
      });
      server.server.once("error", reject);
    });
  await listen();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: listen,
  };
}

/** The decoded text of every MIME part of a raw message (quoted-printable or base64). */
export function decodedBody(raw: string) {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/Content-Transfer-Encoding: base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      }
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        return Buffer.from(bytes, "latin1").toString("utf8");
      }
      return body;
    })
    .join("\n");
}
