/**
 * The email an administrator gets for each entry, through the SMTP server of the global
 * settings (or `SPECPRESS_SMTP_URL`), sent with nodemailer after the visitor has been answered:
 * a slow or absent mail server never delays or fails a submission. What happened is written to
 * the entry's log (`/formsuite/v1/entry/<id>/logs`): sent, or why not, never a "sent" that was not.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { isStoredSecret, revealSecret } from '../secrets/secret-params.ts';
import type { App } from '../rest/types.ts';
import { addLog } from './entry-store.ts';
import type { FormRecord } from './form-store.ts';
import type { FormsGlobalSettings } from './global-settings.ts';

export const SMTP_URL_ENV = 'SPECPRESS_SMTP_URL';
/** Bounds of one delivery attempt, so a mail server that hangs lets go in seconds. */
const SMTP_TIMEOUT_MS = 10_000;

export interface Notification {
  to: string;
  subject: string;
  text: string;
}

/** Who is told of an entry of this form: the form's own address, else the global one; '' for nobody. */
export function notificationRecipient(form: FormRecord, settings: FormsGlobalSettings): string {
  const own = form.settings.notification_to;
  return typeof own === 'string' && own.trim() ? own.trim() : settings.notificationTo.trim();
}

/** The message: the form's title in the subject, one line per submitted field (labels where the form has them). */
export function composeNotification(form: FormRecord, to: string, values: Record<string, unknown>): Notification {
  const labels = new Map<string, string>();
  for (const f of form.fields) {
    if (typeof f === 'object' && f !== null && 'name' in f) labels.set(String((f as Record<string, unknown>).name), String((f as Record<string, unknown>).label ?? (f as Record<string, unknown>).name));
  }
  const lines = Object.entries(values).map(([name, value]) => `${labels.get(name) ?? name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  const subject = typeof form.settings.notification_subject === 'string' && form.settings.notification_subject.trim() ? form.settings.notification_subject : `New entry: ${form.title}`;
  return { to, subject, text: `${lines.join('\n')}\n` };
}

/** The SMTP transport options, or undefined when no mail server is configured. */
export function smtpOptions(dataDir: string, raw: Record<string, unknown>): SMTPTransport.Options | string | undefined {
  const host = typeof raw.smtp_host === 'string' ? raw.smtp_host.trim() : '';
  const bounds = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };
  if (!host) return process.env[SMTP_URL_ENV] || undefined;
  const user = typeof raw.smtp_user === 'string' ? raw.smtp_user : '';
  const pass = isStoredSecret(raw.smtp_password) ? revealSecret(dataDir, raw.smtp_password) : '';
  const secure = raw.smtp_secure === true || raw.smtp_secure === 'true' || raw.smtp_secure === '1';
  return {
    host,
    port: Number(raw.smtp_port ?? (secure ? 465 : 587)),
    secure,
    ...(user ? { auth: { user, pass } } : {}),
    ...bounds,
  };
}

function fromAddress(raw: Record<string, unknown>): string {
  return typeof raw.email_from === 'string' && raw.email_from.trim() ? raw.email_from.trim() : 'wordpress@localhost';
}

/**
 * Sends the notification of one entry and logs the outcome. Resolves in every case (the
 * caller does not wait for it); a log that cannot be written (server shutting down) is dropped.
 */
export async function notifyOfEntry(app: App, entryId: number, form: FormRecord, values: Record<string, unknown>, settings: FormsGlobalSettings): Promise<void> {
  const to = notificationRecipient(form, settings);
  if (!to) return;
  const log = (message: string) => addLog(app.db, entryId, message, app.now()).catch(() => undefined);
  let options: ReturnType<typeof smtpOptions>;
  try {
    options = smtpOptions(app.config.dataDir, settings.raw);
  } catch (err) {
    await log(`Notification to ${to} not sent: the SMTP settings cannot be read (${(err as Error).message}).`);
    return;
  }
  if (!options) {
    await log(`Notification to ${to} not sent: no SMTP server is configured (formsuite global settings smtp_host, or ${SMTP_URL_ENV}).`);
    return;
  }
  const message = composeNotification(form, to, values);
  const transport = nodemailer.createTransport(options);
  try {
    const info = await transport.sendMail({ from: fromAddress(settings.raw), to: message.to, subject: message.subject, text: message.text });
    await log(`Notification sent to ${to} (${info.messageId}).`);
  } catch (err) {
    await log(`Notification to ${to} failed: ${(err as Error).message}`);
  } finally {
    transport.close();
  }
}
