/**
 * Issue 32 (hardening pass), item 3: an administrator's email template is HTML the product
 * sends to every recipient. Its HTML is sanitised on save (domain/notifications/template-html.ts:
 * no script, style, iframe, event handler, javascript: or data: address), and again as a message
 * is composed (a template saved before the rule); every placeholder value is escaped in the
 * HTML body and left as it is in the plain text and the SMS.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlarm, type Alarm } from '@domain/alarms/alarm';
import type { StoredTemplate } from '@domain/notifications/template-overrides';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { notificationTemplatePut, type NotificationDelivery } from '../../lambdas/data';
import { composer } from '../../lambdas/notifier/compose';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }), {
  marshallOptions: { removeUndefinedValues: true },
});
afterAll(() => documents.destroy());
const compose = composer({ client: documents, tableName: stack.tableName });

/** The usual vectors (OWASP's XSS filter evasion cheat sheet), each beside a harmless paragraph that must stay. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<a href="JaVaScRiPt:alert(1)">case</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">hex</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<math><mtext><a xlink:href="javascript:alert(1)">math</a></mtext></math>',
  '<div style="width: expression(alert(1)); background:url(javascript:alert(1))">style</div>',
  '<style>@import "https://xss.example/x.css";</style>',
  '<iframe src="https://xss.example"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert(1)>',
  '<form action="https://xss.example"><input type="submit"></form>',
  '<object data="https://xss.example/x.swf"></object><embed src="https://xss.example/x.swf">',
  '<meta http-equiv="refresh" content="0;url=https://xss.example">',
  '<!--[if gte mso 9]><script>alert(1)</script><![endif]-->',
  '<a href="//xss.example/x">protocol-relative</a>',
].join('\n');
const KEPT = '<p><strong>Alarm</strong> on {device}: <a href="{link}">open it</a>, or <a href="mailto:ops@example.com">write</a>.</p>';

/** What none of the HTML may hold, whatever the vector. */
function expectHarmless(html: string): void {
  expect(html).not.toMatch(/<\s*(script|style|iframe|svg|math|form|input|object|embed|meta|body)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript|data:|expression\(|xss\.example|style=/i);
}

describe('email template HTML (issue 32)', () => {
  const customerId = `security-templates-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(stack, 'admin', customerId);
  });
  const override = { kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', subject: 'Alarm {device}', html: `${KEPT}\n${VECTORS}` };

  it('is sanitised on save: neither the answer nor the list gives any vector back; the harmless HTML stays', async () => {
    const saved = await api(stack, admin, 'PUT', '/notificationtemplates', override);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const html = (saved.body as { template: StoredTemplate }).template.html ?? '';
    expectHarmless(html);
    expect(html).toContain(KEPT);
    const listed = (await api(stack, admin, 'GET', '/notificationtemplates')).body as { items: StoredTemplate[] };
    const stored = listed.items.find((item) => item.channel === 'email')?.html ?? '';
    expectHarmless(stored);

    const preview = await api(stack, admin, 'POST', '/notificationtemplates/preview', override);
    expectHarmless((preview.body as { message: { html?: string } }).message.html ?? '');
  });

  const alarmNamed = (deviceName: string): Alarm => raiseAlarm({
    id: randomUUID(), deviceKind: 'sensor', deviceId: 'sensor-1', deviceName, siteId: 'site-none', channel: '1', type: 'threshold',
    run: { startedAt: Date.now() - 60_000, lastAlarmAt: Date.now(), worst: 9.4, worstAt: Date.now(), last: 9.1 }, now: Date.now(),
  });
  const composed = (channel: NotificationChannel, alarm: Alarm) => compose({
    delivery: {
      customerId, alarmId: alarm.id, stepKey: 'L1', channel, kind: 'alarm', level: 1, accountId: 'account-none', status: 'sending', attempts: 0,
      dueAt: new Date().toISOString(), queuedAt: new Date().toISOString(), updatedAt: new Date().toISOString(), language: 'en',
    } as NotificationDelivery,
    alarm, grouped: [],
  });

  it('escapes every value in the HTML body of an email, and keeps it as it is in its text and in an SMS', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const email = await composed('email', alarmNamed(name));
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain(name);
    expect(email.subject).toBe(`Alarm ${name}`);
    expect(email.text).toContain(name);
    expect((await composed('text', alarmNamed(name))).text).toContain(name);
  });

  it('sends the sanitised HTML of a template saved before the rule, and no address a value makes', async () => {
    const before: StoredTemplate = {
      kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', version: 1, updatedAt: new Date().toISOString(), updatedBy: admin.email,
      html: `${KEPT}\n<p><a href="{device}">the device</a></p>\n${VECTORS}`,
    };
    await documents.send(new PutCommand(notificationTemplatePut(stack.tableName, customerId, before)));
    const email = await composed('email', alarmNamed('javascript:alert(1)'));
    expect(email.html).toContain('<strong>Alarm</strong>');
    expectHarmless(email.html.replace('on javascript:alert(1):', ''));
    expect(email.html).not.toMatch(/href="javascript/i);
  });
});
