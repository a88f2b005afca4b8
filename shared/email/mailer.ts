import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { config } from '../config';
import { insideFunctionsWorker } from '../functions-worker';
import { logInfo } from '../telemetry/telemetry';

/** A file sent with an e-mail (an invoice PDF): its bytes in base64, as both transports take them. */
export interface EmailAttachment {
  name: string;
  contentType: string;
  contentInBase64: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /**
   * A message that must go out once (a reminder): sending the same id again is a no-op for the outbox and the ACS
   * operation id on Azure, so a pass that died after sending and is repeated does not send twice.
   */
  messageId?: string;
}

/** One interface, two transports: Azure Communication Services when configured, the local outbox otherwise. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Appends each e-mail as one JSON line to OUTBOX_FILE; the log line names the recipient, never the content. */
export class OutboxMailer implements Mailer {
  constructor(private readonly file: string) {}

  private queue: Promise<unknown> = Promise.resolve();

  /** One append at a time in this process, so a keyed message's "already sent?" check and its append are one step. */
  send(message: EmailMessage): Promise<void> {
    const run = this.queue.then(() => this.append(message));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async append(message: EmailMessage): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    if (message.messageId && (await this.alreadySent(message.messageId))) return;
    // Attachments are recorded whole (name, content type, size and the base64 bytes), so a local reader or a test
    // can open the very file a person would receive.
    const attachments = message.attachments?.map((a) => ({
      name: a.name,
      contentType: a.contentType,
      size: Buffer.byteLength(a.contentInBase64, 'base64'),
      contentInBase64: a.contentInBase64,
    }));
    const line = { ...message, ...(attachments ? { attachments } : {}), sentAt: new Date().toISOString() };
    await appendFile(this.file, `${JSON.stringify(line)}\n`, 'utf8');
    logInfo('email.outbox', { to: message.to, subject: message.subject, file: this.file });
  }

  private alreadySent(messageId: string) {
    return outboxHolds(this.file, messageId);
  }
}

/** Whether the outbox already holds a message of that id (a keyed message is sent once). */
async function outboxHolds(file: string, messageId: string): Promise<boolean> {
  try {
    const lines = (await readFile(file, 'utf8')).split('\n');
    return lines.some((line) => line.includes(`"messageId":${JSON.stringify(messageId)}`));
  } catch {
    return false;
  }
}

export class AcsMailer implements Mailer {
  constructor(
    private readonly connectionString: string,
    private readonly sender: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const { EmailClient } = await import('@azure/communication-email');
    const client = new EmailClient(this.connectionString);
    // A keyed message uses its id as the operation id, so the service can recognise a repeat of the same send.
    const poller = await client.beginSend(
      {
        senderAddress: this.sender,
        recipients: { to: [{ address: message.to }] },
        content: { subject: message.subject, plainText: message.text, html: message.html },
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      },
      message.messageId ? { operationId: message.messageId } : {},
    );
    await poller.pollUntilDone();
  }
}

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  if (!mailer) {
    const cfg = config();
    if (cfg.acsConnectionString && cfg.emailSender) {
      mailer = new AcsMailer(cfg.acsConnectionString, cfg.emailSender);
    } else {
      mailer = new OutboxMailer(cfg.outboxFile);
      // Under the Functions host the outbox is allowed only in a Core Tools development run (shared/config.ts
      // hostSettingProblems); one line says where the mail goes, so nobody waits for a real e-mail.
      if (insideFunctionsWorker()) logInfo('email.local-outbox', { file: cfg.outboxFile, reason: 'Development' });
    }
  }
  return mailer;
}

export function resetMailer(): void {
  mailer = undefined;
}
