/** Unit tests of the form suite's pure pieces: CSV cells, field lists, export files, notifications. */
import { describe, expect, it } from 'vitest';
import { csvSafeCell } from '../../runtime/forms/csv-safe-cell.ts';
import { fieldListProblem } from '../../runtime/forms/form-edit.ts';
import { formsOfExportFile } from '../../runtime/forms/migrator-files.ts';
import { composeNotification, notificationRecipient, smtpOptions } from '../../runtime/forms/notification.ts';
import type { FormRecord } from '../../runtime/forms/form-store.ts';

const form: FormRecord = { id: 1, title: 'Contact', status: 'publish', author: 1, date: null, modified: null, fields: [{ name: 'n', label: 'Name' }], settings: {}, views: 0, entries: 0 };

describe('csvSafeCell', () => {
  it('prefixes only formula starts', () => {
    for (const s of ['=1', '+1', '-1', '@a', '\tx', '\rx']) expect(csvSafeCell(s)).toBe(`'${s}`);
    for (const s of ['a=1', '1-2', ' =x', '']) expect(csvSafeCell(s)).toBe(s);
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(-5)).toBe("'-5");
    expect(csvSafeCell({ a: 1 })).toBe('{"a":1}');
  });
});

describe('fieldListProblem', () => {
  it('wants objects with unique names', () => {
    expect(fieldListProblem([{ name: 'a' }, { name: 'b' }])).toBeUndefined();
    expect(fieldListProblem([{ name: 'a' }, { name: 'a' }])).toContain('repeats');
    expect(fieldListProblem([{ name: ' ' }])).toContain('no name');
    expect(fieldListProblem([[]])).toContain('not an object');
  });
});

describe('formsOfExportFile', () => {
  it('reads Gravity Forms keyed exports and a list, ignoring the version key', () => {
    const keyed = formsOfExportFile('gravityforms', JSON.stringify({ 0: { title: 'A', fields: [{ type: 'text', label: 'X' }] }, version: '2' }));
    expect(keyed.map((f) => f.title)).toEqual(['A']);
    expect(formsOfExportFile('gravityforms', '\uFEFF[{"title":"B","fields":[]}]')[0].title).toBe('B');
  });
  it('refuses non-exports with a 400 naming the plugin', () => {
    const problem = (text: string) => {
      try {
        formsOfExportFile('wpforms', text);
      } catch (err) {
        return err as { status: number; data: { params: { content: string } } };
      }
      throw new Error('accepted');
    };
    expect(problem('"x"')).toMatchObject({ status: 400, data: { params: { content: expect.stringContaining('not a wpforms export') } } });
    expect(problem('[{"id":1}]').data.params.content).toContain('No wpforms forms');
  });
});

describe('notifications', () => {
  it('goes to the form\'s address before the global one, and names fields by label', () => {
    const settings = { honeypot: true, ratePerMinute: 0, notificationTo: 'g@x.test', raw: {} };
    expect(notificationRecipient(form, settings)).toBe('g@x.test');
    expect(notificationRecipient({ ...form, settings: { notification_to: ' f@x.test ' } }, settings)).toBe('f@x.test');
    const msg = composeNotification(form, 'f@x.test', { n: 'Ada', other: ['a', 'b'] });
    expect(msg.subject).toBe('New entry: Contact');
    expect(msg.text).toBe('Name: Ada\nother: ["a","b"]\n');
  });
  it('takes the SMTP server from settings, else the environment, else none', () => {
    const before = process.env.SPECPRESS_SMTP_URL;
    delete process.env.SPECPRESS_SMTP_URL;
    try {
      expect(smtpOptions('/nonexistent', {})).toBeUndefined();
      process.env.SPECPRESS_SMTP_URL = 'smtp://127.0.0.1:2525';
      expect(smtpOptions('/nonexistent', {})).toBe('smtp://127.0.0.1:2525');
      expect(smtpOptions('/nonexistent', { smtp_host: 'mail.test', smtp_secure: true })).toMatchObject({ host: 'mail.test', port: 465, secure: true });
    } finally {
      if (before === undefined) delete process.env.SPECPRESS_SMTP_URL;
      else process.env.SPECPRESS_SMTP_URL = before;
    }
  });
});
