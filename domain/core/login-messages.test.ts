import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, loginMessageKeyOf } from './login-messages';
import { MESSAGES, messageKeyOf } from './messages';

describe("the sign-in page's messages (login-messages.ts)", () => {
  it('are product messages, each with the same text and key in MESSAGES', () => {
    expect(Object.keys(LOGIN_MESSAGES).length).toBeGreaterThan(30);
    for (const [key, text] of Object.entries(LOGIN_MESSAGES)) {
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toBe(text);
      expect(loginMessageKeyOf(text), key).toBe(key);
      expect(messageKeyOf(text), key).toBe(key);
    }
  });

  it('know no other message', () => {
    expect(loginMessageKeyOf(MESSAGES.locationNameRequired)).toBeUndefined();
    expect(messageKeyOf(MESSAGES.locationNameRequired)).toBe('locationNameRequired');
  });
});
