/** One message the product sent locally, whatever its channel. */
export interface OutboxEntry {
  channel: 'email' | 'sms' | 'pager' | 'push' | 'voice';
  at: string;
  to: string;
  from?: string;
  subject?: string;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The outbox: every email, text, pager, push and voice message sent by the local stack,
 * newest first. A developer tool of the local runtime (not part of the portal's UI).
 */
export function renderOutboxPage(entries: OutboxEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((entry) => `<article class="message">
  <header><span class="channel">${escapeHtml(entry.channel)}</span>
  <time datetime="${escapeHtml(entry.at)}">${escapeHtml(entry.at)}</time></header>
  <p><strong>To:</strong> ${escapeHtml(entry.to)}${entry.from ? ` &middot; <strong>From:</strong> ${escapeHtml(entry.from)}` : ''}</p>
  ${entry.subject ? `<h2>${escapeHtml(entry.subject)}</h2>` : ''}
  <pre>${escapeHtml(entry.body)}</pre>
</article>`)
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
</style></head>
<body><h1>Outbox</h1>
<p>Every email, text, pager, push and voice message the local portal has sent (${entries.length}).</p>
${rows || '<p>Nothing has been sent yet.</p>'}
</body></html>`;
}
