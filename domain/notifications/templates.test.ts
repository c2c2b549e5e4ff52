import { describe, expect, it } from 'vitest';
import { ALARM_TYPES, type AlarmType } from '../alarms/alarm';
import { MESSAGES } from '../core/messages';
import { LANGUAGES } from '../identity/user';
import { NOTIFICATION_CHANNELS } from './notification-group';
import {
  defaultTemplate,
  escapeHtml,
  formatInZone,
  formatMore,
  IVR_PROMPTS,
  notificationTemplateSchema,
  PAGER_MAX_CHARACTERS,
  pagerEmail,
  renderNotification,
  renderTemplate,
  TEMPLATE_KINDS,
  TEMPLATE_LIMITS,
  validateTemplate,
  type TemplateLanguage,
  type TemplateValues,
} from './templates';

/** Friday 27 November 2026, 13:05 UTC (14:05 in Paris). */
const T = Date.UTC(2026, 10, 27, 13, 5);

/** Realistic values: a common device and site name, a temperature, a 4-digit reply code, a portal link. */
const valuesIn = (language: TemplateLanguage, overrides: TemplateValues = {}): TemplateValues => ({
  device: 'Walk-in Freezer 2',
  site: 'Main Kitchen',
  value: '-12.4 °C',
  limit: '-18.0 °C',
  time: formatInZone(T, 'Europe/Paris', language),
  link: 'https://portal.example.com/alarms/01JD2Y8K',
  code: '4821',
  more: '',
  ...overrides,
});

const TYPES: readonly (AlarmType | undefined)[] = [...ALARM_TYPES, undefined];
const everyCase = TEMPLATE_KINDS.flatMap((kind) =>
  NOTIFICATION_CHANNELS.flatMap((channel) => LANGUAGES.flatMap((language) => TYPES.map((alarmType) => ({ kind, channel, language, alarmType })))),
);
const fieldsOf = (shape: object): string[] => Object.values(shape) as string[];

describe('the default templates', () => {
  it('render for every kind, channel, language and alarm type with no placeholder left and nothing empty', () => {
    for (const request of everyCase) {
      for (const template of fieldsOf(defaultTemplate(request.kind, request.channel, request.language, request.alarmType))) {
        expect(validateTemplate(template)).toEqual([]);
      }
      const rendered = fieldsOf(renderNotification({ ...request, values: valuesIn(request.language) }));
      expect(rendered.length).toBeGreaterThan(0);
      for (const text of rendered) {
        expect(text, `${JSON.stringify(request)}: ${text}`).not.toMatch(/\{[A-Za-z]\w*\}/);
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('give each channel its shape', () => {
    const shape = (channel: (typeof NOTIFICATION_CHANNELS)[number]) => Object.keys(defaultTemplate('alarm', channel, 'en', 'threshold')).sort();
    expect(NOTIFICATION_CHANNELS.map(shape)).toEqual([['html', 'subject', 'text'], ['body'], ['body'], ['body', 'title'], ['script']]);
  });

  it('word the alarm by its type', () => {
    for (const language of LANGUAGES) {
      const texts = ALARM_TYPES.map((alarmType) => renderNotification({ kind: 'alarm', channel: 'email', language, alarmType, values: valuesIn(language) }).text);
      expect(new Set(texts).size).toBe(ALARM_TYPES.length);
    }
    const threshold = renderNotification({ kind: 'alarm', channel: 'push', language: 'en', alarmType: 'threshold', values: valuesIn('en') });
    expect(threshold).toEqual({
      title: 'Out of range: Walk-in Freezer 2',
      body: 'Walk-in Freezer 2 at Main Kitchen has been out of range since 27 Nov 2026, 14:05 CET. The reading is -12.4 °C; the limit is -18.0 °C.',
    });
  });

  it('are in French and Spanish, not English, for every field', () => {
    for (const { kind, channel, alarmType } of everyCase.filter((request) => request.language === 'en')) {
      const english = fieldsOf(defaultTemplate(kind, channel, 'en', alarmType));
      for (const language of ['fr', 'es'] as const) {
        fieldsOf(defaultTemplate(kind, channel, language, alarmType)).forEach((text, index) => expect(text).not.toBe(english[index]));
      }
    }
    const values = valuesIn('fr');
    expect(renderNotification({ kind: 'alarm', channel: 'text', language: 'fr', alarmType: 'threshold', values }).body)
      .toBe('Hors plage : Walk-in Freezer 2 (Main Kitchen), -12.4 °C, limite -18.0 °C, depuis le 27 nov. 2026, 14:05 UTC+1. Répondez 4821 pour acquitter.');
    expect(renderNotification({ kind: 'reminder', channel: 'email', language: 'es', alarmType: 'battery', values: valuesIn('es') }).subject)
      .toBe('Recordatorio – Batería baja: Walk-in Freezer 2 (Main Kitchen)');
  });

  it('keep a text message, and a pager message, within one SMS (160 characters) with realistic values', () => {
    for (const { kind, channel, language, alarmType } of everyCase.filter((request) => request.channel === 'text' || request.channel === 'pager')) {
      const { body } = renderNotification({ kind, channel, language, alarmType, values: valuesIn(language) }) as { body: string };
      expect(body.length, body).toBeLessThanOrEqual(160);
    }
  });

  it('ask for the SMS reply code only while there is something to acknowledge', () => {
    const body = (kind: (typeof TEMPLATE_KINDS)[number]) => renderNotification({ kind, channel: 'text', language: 'en', alarmType: 'inactivity', values: valuesIn('en') }).body;
    expect(body('alarm')).toContain('Reply 4821 to acknowledge.');
    expect(body('reminder')).toContain('Reply 4821 to acknowledge.');
    expect(body('normal')).not.toContain('4821');
    expect(body('test')).not.toContain('4821');
  });

  it('leave out the reply sentence when there is no code to give, in every language', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const { body } = renderNotification({ kind: 'alarm', channel: 'text', language, alarmType: 'battery', values: valuesIn(language, { code: '' }) });
      expect(body, body).not.toMatch(/Reply|Répondez|Responda/);
      expect(body).toMatch(/[.!?]$/);
    }
  });

  it('name the recipient\'s organisation at the end of every email, in their language (issue 17 item 14)', () => {
    const signOff = { en: 'Sent for Demo & Co by the cold-chain monitoring portal.', fr: 'Envoyé pour Demo & Co par le portail de surveillance de la chaîne du froid.', es: 'Enviado para Demo & Co por el portal de monitorización de la cadena de frío.' };
    for (const language of ['en', 'fr', 'es'] as const) {
      for (const kind of TEMPLATE_KINDS) {
        const email = renderNotification({ kind, channel: 'email', language, alarmType: 'threshold', values: valuesIn(language, { organisation: 'Demo & Co' }) });
        expect(email.text.endsWith(`\n\n${signOff[language]}`), `${language} ${kind}: ${email.text}`).toBe(true);
        expect(email.html).toContain(`<p>${signOff[language].replace('&', '&amp;')}</p>`);
      }
    }
    // Without a name to give, the sentence goes (no "Sent for  by").
    const unnamed = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', values: valuesIn('en') });
    expect(unnamed.text).not.toContain('Sent for');
    expect(unnamed.html).not.toContain('Sent for');
  });

  it('leave no gap where the storm line is empty, and show it when there is one', () => {
    const email = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'contact', values: valuesIn('en', { value: 'Open' }) });
    expect(email.text).toBe('Walk-in Freezer 2 at Main Kitchen has been in state Open since 27 Nov 2026, 14:05 CET.\n\nOpen the alarm: https://portal.example.com/alarms/01JD2Y8K');
    expect(email.html).not.toContain('<p></p>');
    expect(renderNotification({ kind: 'alarm', channel: 'text', language: 'en', alarmType: 'contact', values: valuesIn('en') }).body).not.toMatch(/\s$/);
    const more = formatMore([['Main Kitchen', 12]], 'en');
    const grouped = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'contact', values: valuesIn('en', { more }) });
    expect(grouped.text).toContain('\n\n12 more alarms at Main Kitchen\n\n');
    expect(grouped.html).toContain('<p>12 more alarms at Main Kitchen</p>');
  });
});

describe('rendering', () => {
  const hostile: TemplateValues = { device: '<script>alert(1)</script>', site: 'Tom & Jerry\'s "Bar"', link: 'https://portal.example.com/a?x=1&y=<2>' };

  it('escapes every value in HTML, so a device name cannot inject markup', () => {
    const html = renderTemplate('<p>{device} at {site}</p>', hostile, { html: true });
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; at Tom &amp; Jerry&#39;s &quot;Bar&quot;</p>');
    const email = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'tamper', values: valuesIn('en', hostile) });
    expect(email.html).not.toContain('<script');
    expect(email.html).toContain('&lt;script&gt;');
    // The plain parts are plain text: nothing to escape there.
    expect(email.subject).toBe('Alarm – Tamper: <script>alert(1)</script> (Tom & Jerry\'s "Bar")');
  });

  it('makes the link an anchor in HTML, the bare address inside an attribute, and never a script link', () => {
    const link = 'https://portal.example.com/alarms/01JD2Y8K';
    expect(renderTemplate('Open: {link}', { link }, { html: true })).toBe(`Open: <a href="${link}">${link}</a>`);
    expect(renderTemplate('Open: {link}', { link }, { html: false })).toBe(`Open: ${link}`);
    expect(renderTemplate('<a href="{link}">View</a>', { link: hostile.link }, { html: true })).toBe('<a href="https://portal.example.com/a?x=1&amp;y=&lt;2&gt;">View</a>');
    expect(renderTemplate('Open: {link}', { link: 'javascript:alert(1)' }, { html: true })).toBe('Open: javascript:alert(1)');
    expect(renderTemplate('<a href="{link}">View</a>', { link: 'javascript:alert(1)' }, { html: true })).toBe('<a href="">View</a>');
  });

  it('keeps an unknown placeholder as it is and reports it, each once', () => {
    const template = 'Hello {name}, {device} at {site} ({Device}) {name} { device }';
    expect(renderTemplate(template, { device: 'Freezer', site: 'Bakery' })).toBe('Hello {name}, Freezer at Bakery ({Device}) {name} { device }');
    expect(validateTemplate(template)).toEqual(['name', 'Device']);
    expect(validateTemplate('{device} {site} {value} {limit} {time} {link} {code} {more}')).toEqual([]);
  });

  it('leaves a known placeholder without a value empty, and a value\'s line breaks as spaces', () => {
    expect(renderTemplate('[{value}]', {})).toBe('[]');
    expect(renderTemplate('Alarm: {device}', { device: 'Freezer\r\nBcc: someone' })).toBe('Alarm: Freezer Bcc: someone');
  });
});

describe('an administrator\'s override', () => {
  it('replaces the fields it words and keeps the defaults for the others', () => {
    const values = valuesIn('en', { device: 'Freezer <2>' });
    const email = renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', values, override: { subject: 'ALARM {device}: {value}', html: '  ' } });
    expect(email.subject).toBe('ALARM Freezer <2>: -12.4 °C');
    expect(email.text).toBe(renderNotification({ kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', values }).text);
    expect(email.html).toContain('Freezer &lt;2&gt;');
  });

  it('gives an email worded in text only an HTML part of the same words', () => {
    const email = renderNotification({
      kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', values: valuesIn('en', { device: '<b>' }),
      override: { text: 'Check {device} & its door.\nNow.\n\n{more}\n\nSee {link} ({unknown})' },
    });
    expect(email.html).toBe('<p>Check &lt;b&gt; &amp; its door.<br>\nNow.</p>\n<p>See <a href="https://portal.example.com/alarms/01JD2Y8K">https://portal.example.com/alarms/01JD2Y8K</a> ({unknown})</p>');
    expect(email.text).toBe('Check <b> & its door.\nNow.\n\nSee https://portal.example.com/alarms/01JD2Y8K ({unknown})');
  });

  it('is bounded: subject 200, body 2,000, SMS 480; blank means the default', () => {
    const key = { kind: 'alarm', language: 'fr', alarmType: 'threshold' } as const;
    expect(notificationTemplateSchema.parse({ ...key, channel: 'email', subject: ' Alarme {device} ', text: '', html: '<p>{device}</p>' }))
      .toEqual({ ...key, channel: 'email', subject: 'Alarme {device}', text: undefined, html: '<p>{device}</p>' });
    const tooLong = (input: object) => notificationTemplateSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(tooLong({ ...key, channel: 'email', subject: 'x'.repeat(TEMPLATE_LIMITS.subject + 1) })).toEqual([['subject', MESSAGES.fieldTooLong]]);
    expect(tooLong({ ...key, channel: 'push', title: 'x'.repeat(201), body: 'x'.repeat(TEMPLATE_LIMITS.body + 1) })).toEqual([['title', MESSAGES.fieldTooLong], ['body', MESSAGES.fieldTooLong]]);
    expect(tooLong({ ...key, channel: 'text', body: 'x'.repeat(TEMPLATE_LIMITS.sms + 1) })).toEqual([['body', MESSAGES.fieldTooLong]]);
    expect(notificationTemplateSchema.safeParse({ ...key, channel: 'text', body: 'x'.repeat(TEMPLATE_LIMITS.sms) }).success).toBe(true);
    expect(notificationTemplateSchema.safeParse({ ...key, channel: 'fax', body: 'x' }).success).toBe(false);
    expect(notificationTemplateSchema.safeParse({ ...key, language: 'de', channel: 'voice', script: 'x' }).success).toBe(false);
    for (const channel of NOTIFICATION_CHANNELS) expect(notificationTemplateSchema.safeParse({ ...key, channel }).success).toBe(true);
  });
});

describe('voice', () => {
  it('appends the IVR ask only to an alarm or reminder, only when IVR is on', () => {
    const script = (kind: (typeof TEMPLATE_KINDS)[number], ivr: boolean, language: TemplateLanguage = 'en') =>
      renderNotification({ kind, channel: 'voice', language, alarmType: 'inactivity', values: valuesIn(language), ivr }).script;
    expect(script('alarm', true)).toBe('This is an alarm call from the cold-chain monitoring portal. Walk-in Freezer 2 at Main Kitchen has not reported since 27 Nov 2026, 14:05 CET. Press 1 to acknowledge this alarm.');
    expect(script('alarm', false)).not.toContain('Press 1');
    expect(script('reminder', true, 'fr')).toMatch(/Appuyez sur 1 pour acquitter cette alarme\.$/);
    expect(script('normal', true)).not.toContain('Press 1');
    expect(script('test', true)).not.toContain('Press 1');
    expect(Object.values(IVR_PROMPTS)).toEqual(['Press 1 to acknowledge this alarm.', 'Appuyez sur 1 pour acquitter cette alarme.', 'Pulse 1 para reconocer esta alarma.']);
  });

  it('ends the storm line with a stop before the IVR ask', () => {
    const { script } = renderNotification({ kind: 'alarm', channel: 'voice', language: 'es', alarmType: 'tamper', values: valuesIn('es', { more: formatMore([['Main Kitchen', 3]], 'es') }), ivr: true });
    expect(script).toMatch(/3 alarmas más en Main Kitchen\. Pulse 1 para reconocer esta alarma\.$/);
  });
});

describe('times and the storm line', () => {
  it('shows the time in the site\'s zone and language', () => {
    expect(formatInZone(T, 'Europe/Paris', 'en')).toBe('27 Nov 2026, 14:05 CET');
    expect(formatInZone(T, 'Europe/Paris', 'fr')).toBe('27 nov. 2026, 14:05 UTC+1');
    expect(formatInZone(T, 'Europe/Paris', 'es')).toBe('27 nov 2026, 14:05 CET');
    expect(formatInZone(T, 'America/New_York', 'en')).toBe('27 Nov 2026, 08:05 GMT-5');
  });

  it('follows daylight saving (Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST)', () => {
    expect(formatInZone(Date.UTC(2026, 2, 29, 0, 30), 'Europe/Paris', 'en')).toBe('29 Mar 2026, 01:30 CET');
    expect(formatInZone(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Paris', 'en')).toBe('29 Mar 2026, 03:30 CEST');
    expect(formatInZone(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Paris', 'fr')).toBe('29 mars 2026, 03:30 UTC+2');
  });

  it('shows an unknown zone\'s time in UTC, labelled so', () => {
    expect(formatInZone(T, 'Nowhere/Atlantis', 'en')).toBe('27 Nov 2026, 13:05 UTC');
  });

  it('words the grouped alarms by site, singular and plural, in each language', () => {
    const bySite: [string, number][] = [['Main Kitchen', 12], ['Bakery', 1]];
    expect(formatMore(bySite, 'en')).toBe('12 more alarms at Main Kitchen, 1 more alarm at Bakery');
    expect(formatMore(bySite, 'fr')).toBe('12 autres alarmes sur le site Main Kitchen, 1 autre alarme sur le site Bakery');
    expect(formatMore(bySite, 'es')).toBe('12 alarmas más en Main Kitchen, 1 alarma más en Bakery');
    expect(formatMore(new Map(), 'en')).toBe('');
  });
});

describe('a pager reached by email (issue 17 item 14)', () => {
  const link = 'https://portal.example.com/app/alarms/0b6f3c1e-2d4a-4f7e-9a51-5c8d2e7f1a30';

  it('starts with the organisation, ends with the link to the alarm, and stays within the pager\'s limit, for every kind, language and type', () => {
    for (const { kind, language, alarmType } of everyCase.filter((request) => request.channel === 'pager')) {
      const values = valuesIn(language, { organisation: 'Demo Foods', link, more: formatMore([['Main Kitchen', 12], ['Central Warehouse', 3]], language) });
      const { body } = renderNotification({ kind, channel: 'pager', language, alarmType, values });
      const paged = pagerEmail(body, values);
      expect(paged.text).toBe(`[Demo Foods] ${body}\n${link}`);
      expect([...paged.text].length).toBeLessThanOrEqual(PAGER_MAX_CHARACTERS);
      expect(paged.html).toBe(`<p>[Demo Foods] ${escapeHtml(body)}</p>\n<p><a href="${link}">${link}</a></p>`);
    }
  });

  it('cuts a long message, not the organisation or the link, to the limit', () => {
    const long = renderNotification({ kind: 'alarm', channel: 'pager', language: 'en', values: valuesIn('en'), override: { body: `{device}: ${'too warm, '.repeat(60)}` } }).body;
    const paged = pagerEmail(long, { organisation: 'Demo Foods', link });
    expect([...paged.text].length).toBe(PAGER_MAX_CHARACTERS);
    expect(paged.text.startsWith('[Demo Foods] Walk-in Freezer 2: too warm')).toBe(true);
    expect(paged.text.endsWith(`…\n${link}`)).toBe(true);
    // An organisation's name is not bounded where it is kept; on a pager it is.
    const named = pagerEmail('Alarm', { organisation: 'N'.repeat(300), link });
    expect(named.text).toBe(`[${'N'.repeat(59)}…] Alarm\n${link}`);
  });

  it('escapes the HTML part, names the organisation even where a site is named after it, gives the link once, and leaves out what it does not have', () => {
    expect(pagerEmail('Fridge <2> too warm', { organisation: 'Tom & Jerry\'s', link }).html)
      .toBe(`<p>[Tom &amp; Jerry&#39;s] Fridge &lt;2&gt; too warm</p>\n<p><a href="${link}">${link}</a></p>`);
    expect(pagerEmail(`Fridge (Demo Foods HQ) too warm ${link}`, { organisation: 'Demo Foods', link }).text).toBe(`[Demo Foods] Fridge (Demo Foods HQ) too warm ${link}`);
    expect(pagerEmail('Fridge too warm', {})).toEqual({ text: 'Fridge too warm', html: '<p>Fridge too warm</p>' });
  });
});
