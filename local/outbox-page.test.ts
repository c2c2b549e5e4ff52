import { describe, expect, it } from 'vitest';
import { renderOutboxPage, type OutboxEntry } from './outbox-page';

const AT = '2026-11-27T10:00:00.000Z';

describe('the outbox page', () => {
  it('escapes everything a message carries', () => {
    const hostile = '<script>alert(1)</script>';
    const page = renderOutboxPage([{
      id: '"><img src=x onerror=alert(2)>',
      channel: 'voice',
      at: AT,
      to: `+1555${hostile}`,
      from: hostile,
      subject: hostile,
      body: `<speak>${hostile}</speak>`,
      language: `"${hostile}`,
      context: { [hostile]: hostile, ivr: 'true' },
      voice: { textType: 'SSML', voiceId: hostile },
    }]);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    // The Press 1 action's address is the id, percent-encoded, then escaped.
    expect(page).toContain('action="/outbox/voice/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E/keypress"');
  });

  it('shows the channel, recipient, language, script, context and the channel fault switch', () => {
    const text: OutboxEntry = {
      id: 't1', channel: 'sms', at: AT, to: '+15551234567', body: 'Freezer 2 is warm.', language: 'en',
      context: { alarmId: 'alarm-7', deliveryKey: 'alarm-7#u1#text' },
    };
    const page = renderOutboxPage([text], { faults: { email: 0, text: 3, voice: 0, push: 0 } });
    expect(page).toContain('+15551234567');
    expect(page).toContain('<dt>alarmId</dt><dd>alarm-7</dd>');
    expect(page).toContain('<dt>deliveryKey</dt><dd>alarm-7#u1#text</dd>');
    expect(page).toContain('lang="en"');
    for (const channel of ['email', 'text', 'voice', 'push']) expect(page).toContain(`name="channel" value="${channel}"`);
    expect(page).toContain('3 still to fail');
    expect(page).toContain('action="/outbox/faults"');
  });

  it('shows a Reply control on each text, prefilled with the code it asks for', () => {
    const page = renderOutboxPage([
      { id: 'alarm-text', channel: 'sms', at: AT, to: '+15551234567', body: 'Alarm: Freezer 2 (Main Kitchen), 9.4 °C. Reply 482193 to acknowledge.' },
      { id: 'normal-text', channel: 'sms', at: AT, to: '+15557654321', body: 'Back to normal: Freezer 2 (Main Kitchen).' },
      { id: 'a-call', channel: 'voice', at: AT, to: '+15551234567', body: 'Alarm.' },
    ]);
    expect(page.match(/Reply<\/button>/g)).toHaveLength(2);
    expect(page).toContain('action="/outbox/sms/alarm-text/reply"');
    expect(page).toContain('name="body" value="482193"');
    expect(page).toContain('action="/outbox/sms/normal-text/reply"');
    expect(page).toContain('name="body" value=""');
    expect(page).not.toContain('/outbox/sms/a-call/reply');
  });

  it('shows the Press 1 control for an IVR voice call only', () => {
    const voice = (id: string, context?: Record<string, string>): OutboxEntry => ({
      id, channel: 'voice', at: AT, to: '+15551234567', body: '<speak>Press 1 to acknowledge.</speak>',
      voice: { textType: 'SSML' }, ...(context ? { context } : {}),
    });
    const page = renderOutboxPage([
      voice('ivr-call', { ivr: 'true' }),
      voice('plain-call', { ivr: 'false' }),
      voice('no-context'),
      { id: 'text-ivr', channel: 'sms', at: AT, to: '+15551234567', body: 'Reply 1', context: { ivr: 'true' } },
    ]);
    expect(page.match(/Press 1<\/button>/g)).toHaveLength(1);
    expect(page).toContain('action="/outbox/voice/ivr-call/keypress"');
    expect(page).not.toContain('/outbox/voice/plain-call/keypress');
    expect(page).not.toContain('/outbox/voice/text-ivr/keypress');
    // The script without its SSML tags, the SSML beside it.
    expect(page).toContain('<pre>Press 1 to acknowledge.</pre>');
    expect(page).toContain('&#60;speak&#62;Press 1 to acknowledge.&#60;/speak&#62;');
  });
});
