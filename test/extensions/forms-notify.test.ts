/**
 * The notification email of each entry, through a real SMTP server on loopback (smtp-server,
 * with authentication), read back and parsed; the SMTP password encrypted at rest and never
 * answered; and a submission while the mail server is down: stored, answered at once, the
 * failure in the entry's log for the administrator, no "sent".
 */
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';
import { PATIENCE_MS, within } from '../support/patience.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let smtp: SMTPServer;
let smtpPort: number;
const received: ParsedMail[] = [];
const logins: Array<{ user: string; pass: string }> = [];
const SMTP_PASSWORD = 'correct horse battery staple';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A mail server that takes connections and never says a word, until `hangUp()`: a mail still on its way, for as long as the test wants. */
async function silentMailServer(): Promise<{ port: number; connected: Promise<void>; hangUp: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connected!: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    connected();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return {
    port: (silent.address() as net.AddressInfo).port,
    connected: firstConnection,
    hangUp: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = PATIENCE_MS): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function logsOf(entryId: number): Promise<string[]> {
  const res = await call('GET', `/formsuite/v1/entry/${entryId}/logs`, { query: { per_page: 50 } });
  expect(res.status).toBe(200);
  return JSON.stringify(res.body).match(/Notification[^"]*/g) ?? [];
}

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      logins.push({ user: String(auth.username), pass: String(auth.password) });
      if (auth.username === 'forms' && auth.password === SMTP_PASSWORD) cb(null, { user: 'forms' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((mail) => { received.push(mail); cb(); }, cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const fields = [
  { name: 'your_name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea' },
];

// Each mail is awaited with the suite's patience: on a busy machine it may take a while to come.
describe('notification email per entry', { timeout: 2 * PATIENCE_MS }, () => {
  it('sends the entry to the form\'s address through the configured SMTP server, password encrypted at rest', async () => {
    const saved = await call('POST', '/formsuite/v1/global-settings', {
      body: { smtp_host: '127.0.0.1', smtp_port: smtpPort, smtp_secure: false, smtp_user: 'forms', smtp_password: SMTP_PASSWORD, email_from: 'site@example.test', notification_to: 'fallback@example.test' },
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(SMTP_PASSWORD);
    const read = await call('GET', '/formsuite/v1/global-settings');
    expect(read.text).not.toContain(SMTP_PASSWORD);
    expect(read.body.smtp_host).toBe('127.0.0.1');
    // At rest: no table holds the password in clear.
    const rows = await server.app.db.selectFrom('records').selectAll().execute();
    expect(JSON.stringify(rows)).toContain('smtp_password');
    expect(JSON.stringify(rows)).not.toContain(SMTP_PASSWORD);

    const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Contact', status: 'publish', fields } });
    await call('POST', '/formsuite/v1/form-settings', { body: { post_id: form.body.id, meta_data: { notification_to: 'owner@example.test' } } });
    const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, your_name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me.' } });
    expect(sub.status).toBe(201);

    const mail = await until('the message', () => received.find((m) => m.text?.includes('Ada Lovelace')));
    expect((mail.to as { text: string }).text).toBe('owner@example.test');
    expect(mail.from?.text).toBe('site@example.test');
    expect(mail.subject).toBe('New entry: Contact');
    expect(mail.text).toContain('Name: Ada Lovelace');
    expect(mail.text).toContain('Email: ada@example.com');
    expect(mail.text).toContain('Message: Please call me.');
    expect(logins).toContainEqual({ user: 'forms', pass: SMTP_PASSWORD });

    const logs = await until('the sent log', async () => ((await logsOf(sub.body.entry_id)).find((l) => l.startsWith('Notification sent to owner@example.test'))));
    expect(logs).toBeTruthy();
  });

  it('uses the global address when the form names none', async () => {
    const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Callback', status: 'publish', fields: [] } });
    const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, phone: '555-0100' } });
    expect(sub.status).toBe(201);
    const mail = await until('the message', () => received.find((m) => m.subject === 'New entry: Callback'));
    expect((mail.to as { text: string }).text).toBe('fallback@example.test');
    expect(mail.text).toContain('phone: 555-0100');
  });

  it('answers the visitor before the mail is out: a mail server that never answers holds nobody', async () => {
    const silent = await silentMailServer();
    try {
      await call('POST', '/formsuite/v1/global-settings', { body: { smtp_port: silent.port } });
      const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Silent', status: 'publish', fields } });
      const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, your_name: 'Cy', email: 'cy@example.com' } });
      expect(sub.status).toBe(201);
      // Answered while the mail server has not even greeted: the mail is still on its way.
      await within(silent.connected, 'the mail server to be called');
      expect(await logsOf(sub.body.entry_id)).toEqual([]);
      await silent.hangUp();
      const failure = await until('the failure log', async () => (await logsOf(sub.body.entry_id)).find((l) => l.startsWith('Notification to fallback@example.test failed')));
      expect(failure).toBeTruthy();
    } finally {
      await silent.hangUp();
    }
  });

  it('stores the entry and answers when the mail server is down, and logs the failure, not a send', async () => {
    await call('POST', '/formsuite/v1/global-settings', { body: { smtp_port: await freePort() } });
    const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Down', status: 'publish', fields } });
    const before = received.length;
    const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, your_name: 'Bob', email: 'bob@example.com' } });
    expect(sub.status).toBe(201);
    const entry = await call('GET', `/formsuite/v1/entry/${sub.body.entry_id}/details`);
    expect(entry.status).toBe(200);
    expect(JSON.stringify(entry.body)).toContain('bob@example.com');
    const failure = await until('the failure log', async () => (await logsOf(sub.body.entry_id)).find((l) => l.startsWith('Notification to fallback@example.test failed')));
    expect(failure).toMatch(/ECONNREFUSED|connect/i);
    expect((await logsOf(sub.body.entry_id)).some((l) => l.startsWith('Notification sent'))).toBe(false);
    expect(received.length).toBe(before);
  });

  it('says in the log that no mail server is configured rather than pretending', async () => {
    await call('POST', '/formsuite/v1/global-settings', { body: { smtp_host: '' } });
    const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Unset', status: 'publish', fields: [] } });
    const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, note: 'hi' } });
    expect(sub.status).toBe(201);
    const line = await until('the log', async () => (await logsOf(sub.body.entry_id)).find((l) => l.includes('not sent')));
    expect(line).toContain('no SMTP server is configured');
  });
});
