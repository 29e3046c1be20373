/**
 * Issue 12 item 4, over HTTP on the studio deployment: what each write stores shows where a
 * user would look; actions act; what this server cannot do is refused in the interface's shape;
 * declared filters and types are honoured. One case per endpoint (or pair of write and read).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';
import { registerCache } from '../../runtime/cache/registry.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
const WEBHOOK_SECRET = 'whsec-test-4d1f';

beforeAll(async () => {
  server = await startTestServer({
    deployment: 'studio',
    config: { upstreams: { formsuite_webhook_secret: WEBHOOK_SECRET, hdrftr_email_webhook_secret: WEBHOOK_SECRET } },
  });
  call = clientFor(server);
});
afterAll(async () => server?.close());

/** A write, then the read where its effect shows. */
interface Case {
  name: string;
  write: [method: string, route: string, body?: unknown];
  read: [route: string, query?: Record<string, unknown>];
  expect: (body: any) => void;
  role?: 'administrator' | 'editor';
}

const cases: Case[] = [
  {
    name: 'cacheopt/v1 toggle_crawler_state shows in its GET',
    write: ['POST', '/cacheopt/v1/toggle_crawler_state', { enabled: true }],
    read: ['/cacheopt/v1/toggle_crawler_state'],
    expect: (b) => expect(b).toEqual({ enabled: true }),
  },
  {
    name: 'pagebuilder-one/v1 connect/deactivate shows in the settings read',
    write: ['POST', '/pagebuilder-one/v1/connect/deactivate'],
    read: ['/pagebuilder-one/v1/settings'],
    expect: (b) => expect(b.connection).toMatchObject({ status: 'deactivated' }),
  },
  {
    name: 'pagebuilder-one/v1 themes install shows in GET /themes',
    write: ['POST', '/pagebuilder-one/v1/themes', { slug: 'hello-theme' }],
    read: ['/pagebuilder-one/v1/themes'],
    expect: (b) => expect(b).toEqual([expect.objectContaining({ id: 'hello-theme', installed: 'yes', status: 'inactive' })]),
  },
  {
    name: 'pagebuilder/v1 checklist step completion shows in the checklist reads',
    write: ['POST', '/pagebuilder/v1/checklist/steps/3', { is_marked_completed: true }],
    read: ['/pagebuilder/v1/checklist/steps'],
    expect: (b) => {
      expect(b.find((s: { id: string }) => s.id === '3')).toMatchObject({ slug: 'create-header', is_marked_completed: true });
      expect(b.find((s: { id: string }) => s.id === '1').is_marked_completed).toBe(false);
    },
  },
  {
    name: 'pagebuilder/v1 opt-in-v4 shows in its GET',
    write: ['POST', '/pagebuilder/v1/operations/opt-in-v4'],
    read: ['/pagebuilder/v1/operations/opt-in-v4'],
    expect: (b) => expect(b).toMatchObject({ status: 'opted-in' }),
  },
  {
    name: 'pagebuilder/v1 assistant consent shows in its GET',
    write: ['POST', '/pagebuilder/v1/assistant/consent', {}],
    read: ['/pagebuilder/v1/assistant/consent'],
    expect: (b) => expect(b).toMatchObject({ consent: 'granted' }),
  },
  {
    name: 'pagebuilder/v1 feedback/submit is listed to administrators',
    write: ['POST', '/pagebuilder/v1/feedback/submit', { rating: 4, comment: 'Good' }],
    read: ['/pagebuilder/v1/feedback/submit'],
    expect: (b) => expect(b[0].body).toMatchObject({ comment: 'Good' }),
  },
  {
    name: 'pagebuilder-one/v1 top-bar/feedback is listed to administrators',
    write: ['POST', '/pagebuilder-one/v1/top-bar/feedback', { product: 'builder', subject: 's', title: 't', description: 'slow editor' }],
    read: ['/pagebuilder-one/v1/top-bar/feedback'],
    expect: (b) => expect(b[0].body).toMatchObject({ description: 'slow editor' }),
  },
  {
    name: 'sitegen/v1 revoke-access shows in its GET',
    write: ['POST', '/sitegen/v1/revoke-access'],
    read: ['/sitegen/v1/revoke-access'],
    expect: (b) => expect(b).toMatchObject({ status: 'revoked' }),
  },
  {
    name: 'sitegen/v1 set-step-data shows in its GET',
    write: ['POST', '/sitegen/v1/set-step-data', { business_details: '{"step":"design"}' }],
    read: ['/sitegen/v1/set-step-data'],
    expect: (b) => expect(b).toEqual({ business_details: '{"step":"design"}' }),
  },
  {
    name: 'theme/v1 learn progress shows on its step in the chapters',
    write: ['POST', '/theme/v1/update-learn-progress', { chapterId: 'customise', stepId: 'typography', completed: true }],
    read: ['/theme/v1/get-learn-chapters'],
    expect: (b) => {
      const steps = b.find((c: { id: string }) => c.id === 'customise').steps;
      expect(steps.find((s: { id: string }) => s.id === 'typography').completed).toBe(true);
      expect(steps.find((s: { id: string }) => s.id === 'global-colors').completed).toBe(false);
    },
  },
  {
    name: 'one-onboarding/v1 state and completion show in the saved state read',
    write: ['POST', '/one-onboarding/v1/onboarding-completion'],
    read: ['/one-onboarding/v1/save-onboarding-state'],
    expect: (b) => expect(b.completion).toMatchObject({ status: 'completed' }),
  },
  {
    name: 'getting-started/v1 dismiss-setup-wizard shows in its GET',
    write: ['POST', '/getting-started/v1/dismiss-setup-wizard', { dismiss: 'yes' }],
    read: ['/getting-started/v1/dismiss-setup-wizard'],
    expect: (b) => expect(b).toEqual({ dismiss: 'yes' }),
  },
  {
    name: 'nps-survey/v1 dismissal shows in its GET',
    write: ['POST', '/nps-survey/v1/dismiss-nps-survey', { nps_id: 'q3', plugin_slug: 'builder', dismiss_timespan: 3600, current_step: 'rating' }],
    read: ['/nps-survey/v1/dismiss-nps-survey'],
    expect: (b) => expect(b).toEqual([expect.objectContaining({ id: 'q3', dismiss_timespan: 3600 })]),
  },
  {
    name: 'blockeditor-templates/v1 revoke-access shows in the setup read',
    write: ['POST', '/blockeditor-templates/v1/revoke-access'],
    read: ['/blockeditor-templates/v1/setup'],
    expect: (b) => expect(b.access).toMatchObject({ status: 'revoked' }),
  },
  {
    name: 'tmpl-library/v1 items/favourite shows in its GET',
    write: ['POST', '/tmpl-library/v1/items/favourite', { id: '77', type: 'block' }],
    read: ['/tmpl-library/v1/items/favourite'],
    expect: (b) => expect(b).toEqual([expect.objectContaining({ id: '77', type: 'block' })]),
  },
  {
    name: 'tmpl-library/v1 settings/update shows in its GET',
    write: ['POST', '/tmpl-library/v1/settings/update', { auto_import: true }],
    read: ['/tmpl-library/v1/settings/update'],
    expect: (b) => expect(b).toEqual({ auto_import: true }),
  },
  {
    name: 'formsbuilder/v1 setup-wizard complete shows in hydrate',
    write: ['POST', '/formsbuilder/v1/setup-wizard/complete', { outcome: 'import' }],
    read: ['/formsbuilder/v1/setup-wizard/hydrate'],
    expect: (b) => expect(b).toMatchObject({ completed: true, outcome: 'import' }),
  },
  {
    name: 'formsuite/v1 learn progress shows on its step in the chapters',
    write: ['POST', '/formsuite/v1/update-learn-progress', { chapterId: 'build', stepId: 'add-fields', completed: true }],
    read: ['/formsuite/v1/get-learn-chapters'],
    expect: (b) => expect(b.find((c: { id: string }) => c.id === 'build').steps.map((s: { completed: boolean }) => s.completed)).toEqual([false, true, false]),
  },
  {
    name: 'formsuite/v1 migration banner dismissal shows in its GET',
    write: ['POST', '/formsuite/v1/user-meta/dismiss-migration-banner', { dismissed: true }],
    read: ['/formsuite/v1/user-meta/dismiss-migration-banner'],
    expect: (b) => expect(b).toEqual({ dismissed: true }),
  },
  {
    name: 'formsuite/v1 client errors are listed to administrators',
    write: ['POST', '/formsuite/v1/log-client-error', { message: 'TypeError in builder', stack: 'at x' }],
    read: ['/formsuite/v1/log-client-error'],
    expect: (b) => expect(b[0].body).toMatchObject({ message: 'TypeError in builder' }),
  },
  {
    name: 'formsuite/v1 payments callback connects, shown by the disconnect route\'s GET',
    write: ['GET', '/formsuite/v1/payments/processor-callback'],
    read: ['/formsuite/v1/payments/processor-disconnect'],
    expect: (b) => expect(b).toMatchObject({ status: 'connected' }),
  },
  {
    name: 'security-scan/v1 authenticate and scan cancel show in the config read',
    write: ['DELETE', '/security-scan/v1/scan'],
    read: ['/security-scan/v1/config'],
    expect: (b) => expect(b.scan).toMatchObject({ status: 'cancelled' }),
  },
];

describe('writes show where a user looks', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const [method, route, body] = c.write;
      const written = await call(method, route, { body, role: c.role });
      expect(written.status, written.text).toBeLessThan(300);
      const read = await call('GET', c.read[0], { query: c.read[1], role: c.role });
      expect(read.status, read.text).toBe(200);
      c.expect(read.body);
    });
  }
});

describe('actions act, or refuse', () => {
  it('connecting needs the vendor\'s account service: 503 naming its setting, nothing recorded', async () => {
    const res = await call('POST', '/pagebuilder-one/v1/connect/authorize');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'rest_upstream_not_configured', data: { setting: 'pagebuilder_one_connect_url' } });
    expect((await call('POST', '/pagebuilder-one/v1/connect/disconnect')).status).toBe(409);
  });

  it('theme activation needs an installed theme', async () => {
    const refused = await call('POST', '/pagebuilder-one/v1/themes/never-installed/activate');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'rest_action_requires', data: { status: 409, field: 'installed' } });
    await call('POST', '/pagebuilder-one/v1/themes', { body: { slug: 'astro' } });
    expect((await call('POST', '/pagebuilder-one/v1/themes/astro/activate')).body.status).toBe('active');
    expect((await call('GET', '/pagebuilder-one/v1/themes')).body.find((t: { id: string }) => t.id === 'astro').status).toBe('active');
  });

  it('migration run and rollback change the plugin the builder lists', async () => {
    expect((await call('POST', '/pagebuilder-one/v1/plugins/manage/migration/run')).status).toBe(409);
    await call('POST', '/pagebuilder-one/v1/plugins', { body: { slug: 'manage' } });
    await call('POST', '/pagebuilder-one/v1/plugins/manage/migration/run');
    const listed = async () => (await call('GET', '/pagebuilder-one/v1/plugins')).body.find((p: { id: string }) => p.id === 'manage');
    expect((await listed()).migration).toBe('migrated');
    await call('POST', '/pagebuilder-one/v1/plugins/manage/migration/rollback');
    expect((await listed()).migration).toBe('rolled-back');
    expect((await call('POST', '/pagebuilder-one/v1/plugins/manage/migration/rollback')).status).toBe(409);
  });

  it('the builder\'s cache clear empties the server\'s registered caches', async () => {
    let emptied = 0;
    const unregister = registerCache('test-cache', () => void emptied++);
    const res = await call('DELETE', '/pagebuilder/v1/cache');
    unregister();
    expect(res.body).toMatchObject({ status: 'cleared', cleared: expect.arrayContaining(['test-cache', 'process', 'upstream']) });
    expect(emptied).toBe(1);
  });

  it('a critical-CSS notification clears the cache it names, and is listed to administrators', async () => {
    let emptied = 0;
    const unregister = registerCache('page-css', () => void emptied++);
    const res = await call('POST', '/cacheopt/v1/notify_ccss', { role: 'anonymous', body: { cache: 'page-css', url: '/about' } });
    unregister();
    expect(res.body).toMatchObject({ received: true, cleared: ['page-css'] });
    expect(emptied).toBe(1);
    expect((await call('GET', '/cacheopt/v1/notify_ccss', { role: 'anonymous' })).status).toBe(401);
    expect((await call('GET', '/cacheopt/v1/notify_ccss')).body[0].body).toEqual({ cache: 'page-css', url: '/about' });
  });

  it('design-system sync writes a stylesheet from colours, typography, variables and classes, and serves it', async () => {
    await call('POST', '/pagebuilder/v1/globals/colors/brand', { body: { title: 'Brand', value: '#112233' } });
    await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'global-color-variable', label: 'accent', value: '#ff0000' } });
    const items = { 'g-1': { id: 'g-1', type: 'class', label: 'card', variants: [{ props: { padding: '8px', color: 'red;}</style><script>' } }] } };
    await call('PUT', '/pagebuilder/v1/global-classes', { body: { items, order: ['g-1'], changes: { added: ['g-1'], deleted: [], modified: [] } } });
    expect((await call('GET', '/pagebuilder/v1/design-system-sync/stylesheet', { role: 'anonymous' })).status).toBe(404);
    const synced = await call('POST', '/pagebuilder/v1/design-system-sync/stylesheet');
    expect(synced.body).toMatchObject({ stylesheet: 'generated', bytes: expect.any(Number) });
    const css = await call('GET', '/pagebuilder/v1/design-system-sync/stylesheet', { role: 'anonymous' });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.text).toContain('--global-color-brand: #112233;');
    expect(css.text).toContain('--global-typography-primary-font-family: Roboto;');
    expect(css.text).toContain('--accent: #ff0000;');
    expect(css.text).toMatch(/\.card \{\n {2}padding: 8px;\n {2}color: red\/stylescript;\n\}/);
    expect(css.text).not.toContain('<');
  });

  it('installing plugins in the forms wizard and repairing the entries table are refused honestly', async () => {
    const install = await call('POST', '/formsbuilder/v1/setup-wizard/install-plugins', { body: { plugins: [] } });
    expect(install.status).toBe(501);
    expect(install.body).toMatchObject({ code: 'rest_unavailable', data: { needs: 'a WordPress plugin installer' } });
    const repair = await call('POST', '/formsuite/v1/database/repair-entries-table');
    expect(repair.status).toBe(501);
    expect(repair.body.code).toBe('rest_unavailable');
  });

  it('installing a template\'s dependencies is refused, naming what it needs', async () => {
    const res = await call('POST', '/tmpl-library/v1/dependencies/install', { body: { plugins: ['x'] } });
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ code: 'rest_unavailable', data: { status: 501, needs: 'a WordPress plugin and theme installer' } });
  });
});

describe('signed webhooks', () => {
  const sign = (raw: string) => createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
  const post = (route: string, raw: string, headers: Record<string, string>) =>
    fetch(`${server.restUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });

  it('the payment processor\'s webhook refuses unsigned and wrongly signed posts, and keeps a signed one', async () => {
    const raw = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded' });
    const unsigned = await post('/formsuite/webhook_live', raw, {});
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ code: 'rest_signature_required', data: { status: 401 } });
    const forged = await post('/formsuite/webhook_live', raw, { 'x-signature': sign(raw + ' ') });
    expect((await forged.json()).code).toBe('rest_signature_invalid');
    const signed = await post('/formsuite/webhook_live', raw, { 'x-signature': `sha256=${sign(raw)}` });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ received: true, duplicate: false });
  });

  it('the mail service\'s webhook is signed too, and its events are listed to administrators', async () => {
    const raw = JSON.stringify({ event: 'delivered', to: 'a@example.test' });
    expect((await post('/hdrftr/v1/email-webhook', raw, { 'x-event-id': 'e1' })).status).toBe(401);
    expect((await post('/hdrftr/v1/email-webhook', raw, { 'x-event-id': 'e1', 'x-signature': sign(raw) })).status).toBe(200);
    expect((await call('GET', '/hdrftr/v1/email-webhook')).body[0].body).toEqual({ event: 'delivered', to: 'a@example.test' });
  });

  it('a webhook whose secret is not configured answers 503 naming the setting', async () => {
    const bare = await startTestServer({ deployment: 'studio', users: false });
    try {
      const res = await fetch(`${bare.restUrl}/formsuite/webhook_test`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': 'aa' }, body: '{}' });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'rest_signature_not_configured', message: expect.stringContaining('SPECPRESS_UPSTREAM_FORMSUITE_WEBHOOK_SECRET') });
    } finally {
      await bare.close();
    }
  });
});

describe('declared filters and types', () => {
  it('plugins: status and search', async () => {
    await call('POST', '/pagebuilder-one/v1/plugins', { body: { slug: 'accessibility', status: 'active' } });
    await call('POST', '/pagebuilder-one/v1/plugins', { body: { slug: 'image-optimization' } });
    const active = await call('GET', '/pagebuilder-one/v1/plugins', { query: { status: ['active'] } });
    expect(active.body.map((p: { id: string }) => p.id)).toContain('accessibility');
    expect(active.body.every((p: { status: string }) => p.status === 'active')).toBe(true);
    const searched = await call('GET', '/pagebuilder-one/v1/plugins', { query: { search: 'image' } });
    expect(searched.body.map((p: { id: string }) => p.id)).toEqual(['image-optimization']);
  });

  it('tmpl-library conditions: template_id', async () => {
    await call('POST', '/tmpl-library/v1/save-conditions', { body: { template_id: 11, conditions: ['include/general'] } });
    await call('POST', '/tmpl-library/v1/save-conditions', { body: { template_id: 12, conditions: ['include/archive'] } });
    const one = await call('GET', '/tmpl-library/v1/conditions', { query: { template_id: 12 } });
    expect(one.body).toEqual([expect.objectContaining({ id: '12', conditions: ['include/archive'] })]);
    expect((await call('GET', '/tmpl-library/v1/conditions')).body).toHaveLength(2);
  });

  it('blocks-kit products: categories, order_by, order, offset, per_page', async () => {
    const kitchen = await call('GET', '/blocks-kit/v1/products', { query: { categories: ['kitchen'], order_by: 'price', order: 'desc' } });
    expect(kitchen.body.map((p: { id: number }) => p.id)).toEqual([3, 2]);
    const paged = await call('GET', '/blocks-kit/v1/products', { query: { order_by: 'price', offset: 1, per_page: 2 } });
    expect(paged.body.map((p: { id: number }) => p.id)).toEqual([2, 1]);
    expect(paged.headers.get('x-wp-total')).toBe('4');
    expect((await call('GET', '/blocks-kit/v1/products', { query: { order_by: 'colour' } })).status).toBe(400);
  });

  it('a colour must be a colour and a rating a score', async () => {
    const colour = await call('POST', '/pagebuilder/v1/globals/colors/bad', { body: { title: 'Bad', value: '12345' } });
    expect(colour.status).toBe(400);
    expect(colour.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { value: expect.any(String) } } });
    const rating = await call('POST', '/nps-survey/v1/rating', { body: { nps_id: 'q1', rating: 42, plugin_slug: 'builder' } });
    expect(rating.status).toBe(400);
    expect((await call('POST', '/nps-survey/v1/rating', { body: { nps_id: 'q1', rating: 9, plugin_slug: 'builder' } })).status).toBeLessThan(300);
    expect((await call('GET', '/nps-survey/v1/rating')).body).toEqual([expect.objectContaining({ id: 'q1', rating: 9 })]);
    expect((await call('GET', '/tmpl-library/v1/ai-content/images', { query: { color: 12345 } })).status).toBe(400);
  });
});
