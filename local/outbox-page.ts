import { replyCodesIn } from '@domain/notifications/reply-codes';
import { FAULT_CHANNELS, MAX_FAULTS, type ChannelFaultState } from './channel-faults';

/** One message the product sent locally, whatever its channel. */
export interface OutboxEntry {
  /** The outbox's id (not for emails, which the SES emulator keeps). */
  id?: string;
  channel: 'email' | 'sms' | 'pager' | 'push' | 'voice';
  at: string;
  to: string;
  from?: string;
  subject?: string;
  body: string;
  language?: string;
  /** What the sender passed along (the alarm, the delivery key, `ivr`). */
  context?: Record<string, string>;
  voice?: { voiceId?: string; textType: 'TEXT' | 'SSML' };
}

export interface OutboxPageOptions {
  /** The fault switch's state: how many sends of each channel are still to fail. */
  faults?: ChannelFaultState;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** What a voice script says, its SSML tags left out (the raw SSML is shown beside it). */
function spokenText(ssml: string): string {
  return ssml.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ').trim();
}

/** An IVR voice call: the person called can press 1, as the voice provider reports it. */
export function isIvrVoiceMessage(entry: OutboxEntry): boolean {
  return entry.channel === 'voice' && entry.context?.['ivr'] === 'true' && entry.id !== undefined;
}

function renderBody(entry: OutboxEntry): string {
  if (entry.channel !== 'voice') return `<pre>${escapeHtml(entry.body)}</pre>`;
  const ssml = entry.voice?.textType === 'SSML';
  const voice = entry.voice?.voiceId ? ` (voice ${escapeHtml(entry.voice.voiceId)})` : '';
  return `<p class="label">Script${voice}:</p>
  <pre>${escapeHtml(ssml ? spokenText(entry.body) : entry.body)}</pre>
  ${ssml ? `<details><summary>SSML</summary><pre>${escapeHtml(entry.body)}</pre></details>` : ''}`;
}

function renderContext(context: Record<string, string> | undefined): string {
  const fields = Object.entries(context ?? {});
  if (fields.length === 0) return '';
  return `<dl class="context">${fields.map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function renderKeyPress(entry: OutboxEntry): string {
  if (!isIvrVoiceMessage(entry)) return '';
  const action = `/outbox/voice/${encodeURIComponent(entry.id ?? '')}/keypress`;
  return `<form method="post" action="${escapeHtml(action)}" class="keypress">
    <input type="hidden" name="digit" value="1"><button type="submit">Press 1</button>
    <span class="hint">sends the key press the voice provider would</span></form>`;
}

/** A text: the person texted can reply from that phone (prefilled with the code it asks for, if any). */
function renderReply(entry: OutboxEntry): string {
  if (entry.channel !== 'sms' || entry.id === undefined) return '';
  const action = `/outbox/sms/${encodeURIComponent(entry.id)}/reply`;
  const code = replyCodesIn(entry.body).at(-1) ?? '';
  return `<form method="post" action="${escapeHtml(action)}" class="reply">
    <input type="text" name="body" value="${escapeHtml(code)}" maxlength="1600" required aria-label="Reply text to ${escapeHtml(entry.to)}">
    <button type="submit">Reply</button>
    <span class="hint">sends a text back from ${escapeHtml(entry.to)}, as two-way SMS would</span></form>`;
}

function renderMessage(entry: OutboxEntry): string {
  return `<article class="message">
  <header><span class="channel">${escapeHtml(entry.channel)}</span>
  <time datetime="${escapeHtml(entry.at)}">${escapeHtml(entry.at)}</time>${entry.language ? ` &middot; <span class="language" lang="${escapeHtml(entry.language)}">${escapeHtml(entry.language)}</span>` : ''}</header>
  <p><strong>To:</strong> ${escapeHtml(entry.to)}${entry.from ? ` &middot; <strong>From:</strong> ${escapeHtml(entry.from)}` : ''}</p>
  ${entry.subject ? `<h2>${escapeHtml(entry.subject)}</h2>` : ''}
  ${renderBody(entry)}
  ${renderContext(entry.context)}
  ${renderKeyPress(entry)}
  ${renderReply(entry)}
</article>`;
}

function renderFaults(faults: ChannelFaultState | undefined): string {
  if (faults === undefined) return '';
  const forms = FAULT_CHANNELS.map((channel) => `<form method="post" action="/outbox/faults" class="fault">
    <input type="hidden" name="channel" value="${escapeHtml(channel)}">
    <label>Fail the next <input type="number" name="count" min="0" max="${MAX_FAULTS}" value="${faults[channel]}" aria-label="${escapeHtml(channel)} sends to fail"> ${escapeHtml(channel)} sends</label>
    <button type="submit">Set</button>
    <span class="remaining">${faults[channel] === 0 ? 'none failing' : `${faults[channel]} still to fail`}</span></form>`);
  return `<section class="faults"><h2>Channel faults</h2>
<p>Make a channel fail its next sends, to watch the retries and the dead-letter store (0 clears it).</p>
${forms.join('\n')}</section>`;
}

/**
 * The outbox: every email, text, pager, push and voice message sent by the local stack,
 * newest first, and the channels' fault switch. A developer tool of the local runtime (not
 * part of the portal's UI).
 */
export function renderOutboxPage(entries: OutboxEntry[], options: OutboxPageOptions = {}): string {
  const rows = [...entries]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map(renderMessage)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d2733}
.message{border:1px solid #d5dbe3;border-radius:8px;padding:1rem;margin:1rem 0}
.channel{background:#0b5cad;color:#fff;border-radius:4px;padding:.1rem .5rem;margin-right:.5rem;text-transform:uppercase;font-size:.8rem}
pre{white-space:pre-wrap;font-family:inherit;background:#f5f7fa;padding:.75rem;border-radius:4px}
h2{font-size:1.1rem;margin:.5rem 0}
.context{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;font-size:.9rem}
.context dt{font-weight:600}.context dd{margin:0;word-break:break-all}
.faults{border:1px dashed #b3261e;border-radius:8px;padding:.5rem 1rem}
.fault{margin:.4rem 0}.fault input[type=number]{width:5rem}
.remaining,.hint{color:#5b6673;font-size:.9rem;margin-left:.5rem}
.label{margin:.5rem 0 0;font-weight:600}
</style></head>
<body><h1>Outbox</h1>
<p>Every email, text, pager, push and voice message the local portal has sent (${entries.length}).</p>
${renderFaults(options.faults)}
${rows || '<p>Nothing has been sent yet.</p>'}
</body></html>`;
}
