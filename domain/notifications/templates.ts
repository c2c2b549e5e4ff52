import * as z from 'zod';
import { ALARM_TYPES, type AlarmType } from '../alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '../alarms/alarm-types';
import { MESSAGES } from '../core/messages';
import { LANGUAGES } from '../identity/user';
import type { NotificationStepKind } from './escalation';
import type { ChannelTemplateFields, NotificationChannel } from './channels';

/**
 * Notification templates (issue 14 section 3), pure: the product's default wording of every
 * message, per kind, channel and language (with the alarm's type where it matters), and their
 * rendering with `{device}` style placeholders. An administrator's override replaces a
 * default field by field; what it leaves blank stays the product's.
 *
 * Values are never trusted: in HTML each is escaped (a device named `<script>` is text) and
 * only an http(s) link becomes an anchor; in every rendering control characters in a value
 * become spaces (no second line in a subject, no broken SMS).
 */

/** `code`: the SMS reply code that acknowledges; `more`: the storm rule's grouped line ('' when none). */
export const TEMPLATE_PLACEHOLDERS = ['device', 'site', 'organisation', 'value', 'limit', 'time', 'link', 'code', 'more'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

/** The escalation's messages, and the one an administrator sends to try a channel. */
export const TEMPLATE_KINDS = ['alarm', 'reminder', 'normal', 'test'] as const satisfies readonly (NotificationStepKind | 'test')[];
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export type TemplateLanguage = (typeof LANGUAGES)[number];

/** What each channel sends: its template's fields (the channels' catalogue), each a text. */
export type ChannelTemplates = { [C in NotificationChannel]: Record<ChannelTemplateFields[C][number], string> };
export type NotificationTemplate<C extends NotificationChannel = NotificationChannel> = ChannelTemplates[C];

// --- Rendering ---

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
const isPlaceholder = (name: string): name is TemplatePlaceholder => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** Runs of control characters (line breaks, tabs, NUL, C1): a value never adds a line to a subject or a text. */
const CONTROL = /\p{Cc}+/gu;
const webLink = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

export interface RenderOptions {
  html: boolean;
}

/**
 * The template with its known placeholders replaced (a missing value is empty); an unknown
 * `{x}` is left as it is, for the editor to show. In HTML `{link}` is an anchor, or the bare
 * address inside a quoted attribute (`href="{link}"`); a link that is not http(s) stays text.
 */
export function renderTemplate(template: string, values: TemplateValues, options: RenderOptions = { html: false }): string {
  return template.replace(PLACEHOLDER, (whole, name: string, offset: number) => {
    if (!isPlaceholder(name)) return whole;
    const value = (values[name] ?? '').replace(CONTROL, ' ');
    if (!options.html) return value;
    if (name !== 'link') return escapeHtml(value);
    const inAttribute = /=\s*["']$/.test(template.slice(Math.max(0, offset - 4), offset));
    if (!webLink(value)) return inAttribute ? '' : escapeHtml(value);
    return inAttribute ? escapeHtml(value) : `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
  });
}

/** The unknown placeholders a template uses, each once, in order (`[]`: all known). */
export function validateTemplate(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !isPlaceholder(name)))];
}

// --- Times and the storm's line ---

const LOCALES: Record<TemplateLanguage, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' };
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string, language: TemplateLanguage): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short',
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A moment as the site reads it, its zone named ("27 Nov 2026, 14:05 CET"; "27 nov. 2026,
 * 14:05 UTC+1"). An unknown zone is shown in UTC, labelled so, rather than fail a send.
 */
export function formatInZone(ms: number, timeZone: string, language: TemplateLanguage): string {
  try {
    return zoneFormatter(timeZone, language).format(ms);
  } catch {
    return zoneFormatter('UTC', language).format(ms);
  }
}

const MORE: Record<TemplateLanguage, (count: number, site: string) => string> = {
  en: (count, site) => `${count} more ${count === 1 ? 'alarm' : 'alarms'} at ${site}`,
  fr: (count, site) => `${count} ${count === 1 ? 'autre alarme' : 'autres alarmes'} sur le site ${site}`,
  es: (count, site) => `${count} ${count === 1 ? 'alarma' : 'alarmas'} más en ${site}`,
};

/** The `{more}` line from the grouped alarms' counts by site name (`moreAlarmsBySite`, names looked up): '' when none. */
export function formatMore(bySite: Iterable<readonly [site: string, count: number]>, language: TemplateLanguage): string {
  return [...bySite].filter(([, count]) => count > 0).map(([site, count]) => MORE[language](count, site)).join(', ');
}

// --- The product's wording ---

type TypeOrAny = AlarmType | 'any';

interface Wording {
  /** The type's name, as the alarm list shows it. */
  label: Record<TypeOrAny, string>;
  /** The type's alarm as a noun mid-sentence ("the out-of-range alarm"). */
  noun: Record<TypeOrAny, string>;
  /** The alarm in a sentence or two: email, push, voice. */
  alarm: Record<TypeOrAny, string>;
  /** What follows "label: device (site)" in a text or pager message. */
  alarmShort: Record<TypeOrAny, string>;
  reminder: (noun: string) => string;
  reminderShort: (noun: string) => string;
  normal: (noun: string) => string;
  normalShort: (noun: string) => string;
  test: string;
  testShort: string;
  words: {
    alarm: string; reminder: string; normal: string; test: string; reply: string; openAlarm: string; openPortal: string;
    /** A checklist reminder's link (to the checklist to fill). */
    openChecklist: string;
    /** An email's last line, naming the recipient's organisation (issue 17 item 14). */
    sentFor: string;
  };
  /** A colon as the language writes it (French: a space before). */
  colon: string;
  call: { alarm: string; reminder: string; normal: string };
  ivr: string;
  /** What an IVR call says after its ask (lambdas/alarms/voice-call-handler.ts). */
  ivrCall: IvrCallWording;
}

/** An IVR call's other words: before the ask is read again, and its last sentence by outcome. */
export interface IvrCallWording {
  /** No key pressed in time; the ask is read again. */
  retry: string;
  acknowledged: string;
  already: string;
  /** Another key, or a key that acknowledges nothing. */
  notAcknowledged: string;
}

const WORDING: Record<TemplateLanguage, Wording> = {
  en: {
    label: { threshold: 'Out of range', contact: 'State change', probeMissing: 'Probe missing', inactivity: 'Inactivity', battery: 'Low battery', tamper: 'Tamper',
      checklistException: 'Checklist exception', checklistMissed: 'Missed checklist', checklistReminder: 'Checklist reminder', any: 'Alarm' },
    noun: {
      threshold: 'out-of-range alarm', contact: 'state change alarm', probeMissing: 'probe missing alarm', inactivity: 'inactivity alarm',
      battery: 'low battery alarm', tamper: 'tamper alarm',
      checklistException: 'checklist exception', checklistMissed: 'missed checklist alarm', checklistReminder: 'checklist reminder', any: 'alarm',
    },
    alarm: {
      threshold: '{device} at {site} has been out of range since {time}. The reading is {value}; the limit is {limit}.',
      contact: '{device} at {site} has been in state {value} since {time}.',
      probeMissing: 'The probe of {device} at {site} has been disconnected since {time}.',
      inactivity: '{device} at {site} has not reported since {time}.',
      battery: 'The battery of {device} at {site} has been low since {time}: {value}; the threshold is {limit}.',
      tamper: 'Tampering was detected on {device} at {site} on {time}.',
      checklistException: 'The checklist {device} at {site} has an answer out of limits, given on {time}.',
      checklistMissed: 'The checklist {device} at {site} was missed: its window ended on {time} and it was not completed.',
      checklistReminder: 'The checklist {device} at {site} is due and not completed yet (reminder of {time}).',
      any: '{device} at {site} has been in alarm since {time}.',
    },
    alarmShort: {
      threshold: '{value}, limit {limit}, since {time}.',
      contact: '{value} since {time}.',
      probeMissing: 'probe disconnected since {time}.',
      inactivity: 'no data since {time}.',
      battery: 'battery {value}, threshold {limit}.',
      tamper: 'tampering detected on {time}.',
      checklistException: 'answer out of limits on {time}.',
      checklistMissed: 'not completed, window ended on {time}.',
      checklistReminder: 'due, not completed yet ({time}).',
      any: 'in alarm since {time}.',
    },
    reminder: (noun) => `Reminder: the ${noun} on {device} at {site} has been active since {time} and is not yet acknowledged.`,
    reminderShort: (noun) => `Reminder: ${noun} on {device} ({site}) since {time}.`,
    normal: (noun) => `Back to normal: the ${noun} on {device} at {site} ended on {time}.`,
    normalShort: (noun) => `Back to normal: {device} ({site}), ${noun} ended on {time}.`,
    test: 'This is a test notification from the cold-chain monitoring portal for {site}, sent on {time}. If you received it, notifications on this channel reach you.',
    testShort: 'Test notification for {site}, sent on {time}: this channel works.',
    words: {
      alarm: 'Alarm', reminder: 'Reminder', normal: 'Back to normal', test: 'Test notification',
      reply: 'Reply {code} to acknowledge.', openAlarm: 'Open the alarm:', openPortal: 'Open the portal:', openChecklist: 'Open the checklist:',
      sentFor: 'Sent for {organisation} by the cold-chain monitoring portal.',
    },
    call: {
      alarm: 'This is an alarm call from the cold-chain monitoring portal.',
      reminder: 'This is a reminder call from the cold-chain monitoring portal.',
      normal: 'This is a call from the cold-chain monitoring portal.',
    },
    ivr: 'Press 1 to acknowledge this alarm.',
    ivrCall: {
      retry: 'No key was pressed.',
      acknowledged: 'Thank you. The alarm is acknowledged. Goodbye.',
      already: 'This alarm was already acknowledged. Goodbye.',
      notAcknowledged: 'The alarm was not acknowledged. Goodbye.',
    },
    colon: ': ',
  },
  fr: {
    label: { threshold: 'Hors plage', contact: "Changement d'état", probeMissing: 'Sonde absente', inactivity: 'Inactivité', battery: 'Batterie faible', tamper: 'Sabotage',
      checklistException: 'Exception de checklist', checklistMissed: 'Checklist manquée', checklistReminder: 'Rappel de checklist', any: 'Alarme' },
    noun: {
      threshold: 'alarme hors plage', contact: "alarme de changement d'état", probeMissing: 'alarme sonde absente', inactivity: "alarme d'inactivité",
      battery: 'alarme batterie faible', tamper: 'alarme de sabotage',
      checklistException: "alarme d'exception de checklist", checklistMissed: 'alarme de checklist manquée', checklistReminder: 'rappel de checklist', any: 'alarme',
    },
    alarm: {
      threshold: '{device} sur le site {site} est hors plage depuis le {time}. Valeur relevée : {value} ; limite : {limit}.',
      contact: "{device} sur le site {site} est à l'état {value} depuis le {time}.",
      probeMissing: "La sonde de l'appareil {device} sur le site {site} est déconnectée depuis le {time}.",
      inactivity: "{device} sur le site {site} n'a plus transmis de données depuis le {time}.",
      battery: "La batterie de l'appareil {device} sur le site {site} est faible depuis le {time} : {value} ; seuil : {limit}.",
      tamper: "Une tentative de sabotage a été détectée sur l'appareil {device} du site {site} le {time}.",
      checklistException: 'La checklist {device} du site {site} a une réponse hors limites, donnée le {time}.',
      checklistMissed: "La checklist {device} du site {site} a été manquée : sa plage s'est terminée le {time} sans qu'elle soit remplie.",
      checklistReminder: "La checklist {device} du site {site} est à remplir et n'est pas encore terminée (rappel du {time}).",
      any: '{device} sur le site {site} est en alarme depuis le {time}.',
    },
    alarmShort: {
      threshold: '{value}, limite {limit}, depuis le {time}.',
      contact: '{value} depuis le {time}.',
      probeMissing: 'sonde déconnectée depuis le {time}.',
      inactivity: 'aucune donnée depuis le {time}.',
      battery: 'batterie {value}, seuil {limit}.',
      tamper: 'sabotage détecté le {time}.',
      checklistException: 'réponse hors limites le {time}.',
      checklistMissed: 'non remplie, plage terminée le {time}.',
      checklistReminder: 'à remplir, pas encore terminée ({time}).',
      any: 'en alarme depuis le {time}.',
    },
    reminder: (noun) => `Rappel : l'${noun} de l'appareil {device} sur le site {site} est active depuis le {time} et n'a pas encore été acquittée.`,
    reminderShort: (noun) => `Rappel : ${noun} sur {device} ({site}) depuis le {time}.`,
    normal: (noun) => `Retour à la normale : l'${noun} de l'appareil {device} sur le site {site} a pris fin le {time}.`,
    normalShort: (noun) => `Retour à la normale : {device} ({site}), ${noun} terminée le {time}.`,
    test: 'Ceci est une notification de test du portail de surveillance de la chaîne du froid pour le site {site}, envoyée le {time}. Si vous la recevez, les notifications vous parviennent bien sur ce canal.',
    testShort: 'Notification de test pour le site {site}, envoyée le {time} : ce canal fonctionne.',
    words: {
      alarm: 'Alarme', reminder: 'Rappel', normal: 'Retour à la normale', test: 'Notification de test',
      reply: 'Répondez {code} pour acquitter.', openAlarm: "Ouvrir l'alarme :", openPortal: 'Ouvrir le portail :', openChecklist: 'Ouvrir la checklist :',
      sentFor: 'Envoyé pour {organisation} par le portail de surveillance de la chaîne du froid.',
    },
    call: {
      alarm: "Ceci est un appel d'alarme du portail de surveillance de la chaîne du froid.",
      reminder: 'Ceci est un appel de rappel du portail de surveillance de la chaîne du froid.',
      normal: 'Ceci est un appel du portail de surveillance de la chaîne du froid.',
    },
    ivr: 'Appuyez sur 1 pour acquitter cette alarme.',
    ivrCall: {
      retry: "Aucune touche n'a été pressée.",
      acknowledged: "Merci. L'alarme est acquittée. Au revoir.",
      already: 'Cette alarme était déjà acquittée. Au revoir.',
      notAcknowledged: "L'alarme n'a pas été acquittée. Au revoir.",
    },
    colon: ' : ',
  },
  es: {
    label: { threshold: 'Fuera de rango', contact: 'Cambio de estado', probeMissing: 'Sonda ausente', inactivity: 'Inactividad', battery: 'Batería baja', tamper: 'Manipulación',
      checklistException: 'Excepción de checklist', checklistMissed: 'Checklist no realizada', checklistReminder: 'Recordatorio de checklist', any: 'Alarma' },
    noun: {
      threshold: 'alarma de valor fuera de rango', contact: 'alarma de cambio de estado', probeMissing: 'alarma de sonda ausente', inactivity: 'alarma de inactividad',
      battery: 'alarma de batería baja', tamper: 'alarma de manipulación',
      checklistException: 'alarma de excepción de checklist', checklistMissed: 'alarma de checklist no realizada', checklistReminder: 'recordatorio de checklist', any: 'alarma',
    },
    alarm: {
      threshold: '{device} en {site} está fuera de rango desde el {time}. Lectura: {value}; límite: {limit}.',
      contact: '{device} en {site} está en estado {value} desde el {time}.',
      probeMissing: 'La sonda del equipo {device} en {site} está desconectada desde el {time}.',
      inactivity: '{device} en {site} no envía datos desde el {time}.',
      battery: 'La batería del equipo {device} en {site} está baja desde el {time}: {value}; umbral: {limit}.',
      tamper: 'Se ha detectado una manipulación del equipo {device} en {site} el {time}.',
      checklistException: 'La checklist {device} en {site} tiene una respuesta fuera de límites, dada el {time}.',
      checklistMissed: 'La checklist {device} en {site} no se realizó: su franja terminó el {time} sin completarse.',
      checklistReminder: 'La checklist {device} en {site} está pendiente y aún no se ha completado (recordatorio del {time}).',
      any: '{device} en {site} está en alarma desde el {time}.',
    },
    alarmShort: {
      threshold: '{value}, límite {limit}, desde el {time}.',
      contact: '{value} desde el {time}.',
      probeMissing: 'sonda desconectada desde el {time}.',
      inactivity: 'sin datos desde el {time}.',
      battery: 'batería {value}, umbral {limit}.',
      tamper: 'manipulación detectada el {time}.',
      checklistException: 'respuesta fuera de límites el {time}.',
      checklistMissed: 'no completada, franja terminada el {time}.',
      checklistReminder: 'pendiente, aún no completada ({time}).',
      any: 'en alarma desde el {time}.',
    },
    reminder: (noun) => `Recordatorio: la ${noun} del equipo {device} en {site} sigue activa desde el {time} y aún no se ha reconocido.`,
    reminderShort: (noun) => `Recordatorio: ${noun} en {device} ({site}) desde el {time}.`,
    normal: (noun) => `Vuelta a la normalidad: la ${noun} del equipo {device} en {site} terminó el {time}.`,
    normalShort: (noun) => `Vuelta a la normalidad: {device} ({site}), ${noun} finalizada el {time}.`,
    test: 'Esta es una notificación de prueba del portal de monitorización de la cadena de frío para el sitio {site}, enviada el {time}. Si la ha recibido, las notificaciones le llegan por este canal.',
    testShort: 'Notificación de prueba para el sitio {site}, enviada el {time}: este canal funciona.',
    words: {
      alarm: 'Alarma', reminder: 'Recordatorio', normal: 'Vuelta a la normalidad', test: 'Notificación de prueba',
      reply: 'Responda {code} para reconocerla.', openAlarm: 'Abrir la alarma:', openPortal: 'Abrir el portal:', openChecklist: 'Abrir la checklist:',
      sentFor: 'Enviado para {organisation} por el portal de monitorización de la cadena de frío.',
    },
    call: {
      alarm: 'Esta es una llamada de alarma del portal de monitorización de la cadena de frío.',
      reminder: 'Esta es una llamada de recordatorio del portal de monitorización de la cadena de frío.',
      normal: 'Esta es una llamada del portal de monitorización de la cadena de frío.',
    },
    ivr: 'Pulse 1 para reconocer esta alarma.',
    ivrCall: {
      retry: 'No se ha pulsado ninguna tecla.',
      acknowledged: 'Gracias. La alarma está reconocida. Adiós.',
      already: 'Esta alarma ya estaba reconocida. Adiós.',
      notAcknowledged: 'La alarma no se ha reconocido. Adiós.',
    },
    colon: ': ',
  },
};

/** The IVR's ask, appended to a voice alarm or reminder only when the account has IVR. */
export const IVR_PROMPTS: Readonly<Record<TemplateLanguage, string>> = {
  en: WORDING.en.ivr,
  fr: WORDING.fr.ivr,
  es: WORDING.es.ivr,
};

/** An IVR call's words around the ask, in the call's language (the product's; not an administrator's template). */
export const IVR_CALL_WORDING: Readonly<Record<TemplateLanguage, IvrCallWording>> = {
  en: WORDING.en.ivrCall,
  fr: WORDING.fr.ivrCall,
  es: WORDING.es.ivrCall,
};

/** Plain text as HTML paragraphs (a blank line parts them, a newline breaks a line); placeholders survive escaping. */
const paragraphs = (text: string): string =>
  text.split(/\n\s*\n/).map((part) => part.trim()).filter((part) => part !== '').map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>\n')}</p>`).join('\n');

/** Every channel's default for one kind, language and type. */
function defaults(kind: TemplateKind, language: TemplateLanguage, alarmType: TypeOrAny): ChannelTemplates {
  const w = WORDING[language];
  const label = w.label[alarmType];
  const noun = w.noun[alarmType];
  const { words, colon } = w;
  const sentence = { alarm: w.alarm[alarmType], reminder: w.reminder(noun), normal: w.normal(noun), test: w.test }[kind];
  const short = {
    alarm: `${label}${colon}{device} ({site}), ${w.alarmShort[alarmType]}`,
    reminder: w.reminderShort(noun),
    normal: w.normalShort(noun),
    test: w.testShort,
  }[kind];
  // A type nobody acknowledges (a checklist reminder) is a message only: headed as a reminder, linking to the checklist.
  const messageOnly = alarmType !== 'any' && !ALARM_TYPE_CATALOGUE[alarmType].acknowledged;
  // Only an alarm still waiting for someone asks to be acknowledged.
  const acknowledgeable = (kind === 'alarm' || kind === 'reminder') && !messageOnly;
  const subject = {
    alarm: `${messageOnly ? words.reminder : words.alarm} – ${label}${colon}{device} ({site})`,
    reminder: `${words.reminder} – ${label}${colon}{device} ({site})`,
    normal: `${words.normal}${colon}{device} ({site})`,
    test: `${words.test}${colon}{site}`,
  }[kind];
  const heading = { alarm: label, reminder: `${words.reminder} – ${label}`, normal: words.normal, test: words.test }[kind];
  const open = kind === 'test' ? words.openPortal : messageOnly ? words.openChecklist : words.openAlarm;
  const text = `${sentence}\n\n{more}\n\n${open} {link}\n\n${words.sentFor}`;
  return {
    email: { subject, text, html: `<p><strong>${escapeHtml(heading)}</strong></p>\n${paragraphs(text)}` },
    text: { body: `${short}${acknowledgeable ? ` ${words.reply}` : ''} {more}` },
    pager: { body: `${short} {more}` },
    push: {
      title: { alarm: `${label}${colon}{device}`, reminder: `${words.reminder} – ${label}${colon}{device}`, normal: `${words.normal}${colon}{device}`, test: words.test }[kind],
      body: `${sentence} {more}`,
    },
    voice: { script: kind === 'test' ? sentence : `${w.call[kind]} ${sentence} {more}` },
  };
}

/** The product's default template of a channel; without an alarm type, neutral wording ("alarm"). A test message has no type. */
export function defaultTemplate<C extends NotificationChannel>(kind: TemplateKind, channel: C, language: TemplateLanguage, alarmType?: AlarmType): NotificationTemplate<C> {
  return defaults(kind, language, kind === 'test' ? 'any' : (alarmType ?? 'any'))[channel];
}

// --- An administrator's override ---

export const TEMPLATE_LIMITS = { subject: 200, body: 2000, sms: 480 } as const;

/** A field of an override: trimmed, bounded; blank means "the product's default" (nothing is ever sent empty). */
const field = (max: number) =>
  z.string().trim().max(max, { error: MESSAGES.fieldTooLong }).optional().transform((value) => (value === '' ? undefined : value));

const overrideKey = {
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(LANGUAGES),
  /** The alarm type it words; absent: every type (and a test message, which has none). */
  alarmType: z.enum(ALARM_TYPES).optional(),
};

/**
 * An administrator's template for one kind, channel and language (and alarm type). Unknown
 * placeholders are not refused here: `validateTemplate` lists them for the editor's preview.
 */
export const notificationTemplateSchema = z.discriminatedUnion('channel', [
  z.object({ ...overrideKey, channel: z.literal('email'), subject: field(TEMPLATE_LIMITS.subject), text: field(TEMPLATE_LIMITS.body), html: field(TEMPLATE_LIMITS.body) }),
  z.object({ ...overrideKey, channel: z.literal('text'), body: field(TEMPLATE_LIMITS.sms) }),
  z.object({ ...overrideKey, channel: z.literal('pager'), body: field(TEMPLATE_LIMITS.sms) }),
  z.object({ ...overrideKey, channel: z.literal('push'), title: field(TEMPLATE_LIMITS.subject), body: field(TEMPLATE_LIMITS.body) }),
  z.object({ ...overrideKey, channel: z.literal('voice'), script: field(TEMPLATE_LIMITS.body) }),
]);
export type NotificationTemplateOverride = z.output<typeof notificationTemplateSchema>;

// --- One message ---

export interface NotificationRequest<C extends NotificationChannel> {
  kind: TemplateKind;
  channel: C;
  language: TemplateLanguage;
  alarmType?: AlarmType;
  values: TemplateValues;
  /** The administrator's fields for this channel; those absent or blank are the defaults. */
  override?: Partial<NotificationTemplate<C>>;
  /** The account has IVR: a voice alarm or reminder ends with the ask to press 1. */
  ivr?: boolean;
}

/** A sentence that names the reply code. */
const CODE_SENTENCE = /[^.!?\n]*\{code\}[^.!?\n]*[.!?]?/g;
/** A sentence that names the organisation. */
const ORGANISATION_SENTENCE = /[^.!?\n]*\{organisation\}[^.!?\n]*[.!?]?/g;

/** Rendered plain text: no trailing spaces, at most one blank line, none at the ends (an empty `{more}` leaves no gap). */
const tidy = (text: string): string => text.split('\n').map((line) => line.replace(/[ \t]+$/, '')).join('\n').replace(/\n{3,}/g, '\n\n').trim();
/** Rendered HTML: an empty paragraph (an empty `{more}`) dropped. */
const tidyHtml = (html: string): string => html.replace(/<p>\s*<\/p>\n?/g, '').trim();
/** A voice script's sentences run on: one ending without a stop gets one before the IVR ask. */
const withStop = (text: string): string => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

type Fields<C extends NotificationChannel> = Record<keyof NotificationTemplate<C>, string>;

/** The message for one channel: the override's fields over the defaults, rendered. */
export function renderNotification<C extends NotificationChannel>(request: NotificationRequest<C>): NotificationTemplate<C> {
  const { kind, channel, language, alarmType, values, override, ivr } = request;
  const base = defaultTemplate(kind, channel, language, alarmType) as Fields<C>;
  const given = Object.fromEntries(Object.entries(override ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as Partial<Fields<C>>;
  const template = { ...base, ...given } as Record<string, string>;
  // No reply code to give (no two-way texts for this message): the sentence asking for one goes.
  if ((values.code ?? '') === '') {
    for (const [name, text] of Object.entries(template)) template[name] = text.replace(CODE_SENTENCE, '');
  }
  // No organisation's name to give (a caller without one): the sentence naming it goes rather than read "for  by".
  if ((values.organisation ?? '') === '') {
    for (const [name, text] of Object.entries(template)) template[name] = text.replace(ORGANISATION_SENTENCE, '');
  }
  // An administrator who words the email's text only gets an HTML part of the same words.
  if (channel === 'email' && 'text' in given && !('html' in given)) template['html'] = paragraphs(template['text'] ?? '');
  const rendered = Object.fromEntries(
    Object.entries(template).map(([name, text]) =>
      name === 'html' ? [name, tidyHtml(renderTemplate(text, values, { html: true }))] : [name, tidy(renderTemplate(text, values, { html: false }))],
    ),
  );
  if (channel === 'voice' && ivr === true && (kind === 'alarm' || kind === 'reminder') && (alarmType === undefined || ALARM_TYPE_CATALOGUE[alarmType].acknowledged)) {
    rendered['script'] = `${withStop(rendered['script'] ?? '')} ${IVR_PROMPTS[language]}`.trim();
  }
  return rendered as NotificationTemplate<C>;
}

// --- A pager reached by email ---

/** The longest message a pager is sent: the bound of an administrator's pager wording (TEMPLATE_LIMITS.sms). */
export const PAGER_MAX_CHARACTERS = TEMPLATE_LIMITS.sms;

/** An organisation's name on a pager: its message, not the name, has the room (names are not bounded). */
const PAGER_ORGANISATION_MAX = 60;

/** The text within `max` characters (code points), cut with "…" when longer. */
const cut = (text: string, max: number): string => {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`;
};

/**
 * A pager set to email (issue 17 item 14): its short message headed by the organisation's name
 * in brackets (first, where a pager's screen starts) and followed by the link on its own line,
 * within PAGER_MAX_CHARACTERS. A message too long for both is cut with "…", never the name or
 * the link; no name (a caller without one): no brackets. The HTML part says the same.
 */
export function pagerEmail(body: string, values: Pick<TemplateValues, 'organisation' | 'link'>): { text: string; html: string } {
  const organisation = cut((values.organisation ?? '').replace(CONTROL, ' ').trim(), PAGER_ORGANISATION_MAX);
  const link = (values.link ?? '').replace(CONTROL, ' ').trim();
  // The name always heads it (a site named after the organisation, "Demo Foods HQ", does not name it); a link already
  // in an administrator's pager wording ({link}) is not given twice.
  const head = organisation === '' ? '' : `[${organisation}] `;
  const tail = link === '' || body.includes(link) ? '' : `\n${link}`;
  const fitted = cut(body.trim(), PAGER_MAX_CHARACTERS - [...head].length - [...tail].length);
  const anchor = tail === '' ? '' : webLink(link) ? `\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `\n<p>${escapeHtml(link)}</p>`;
  return { text: `${head}${fitted}${tail}`, html: `<p>${escapeHtml(`${head}${fitted}`)}</p>${anchor}` };
}
