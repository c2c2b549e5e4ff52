import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, messageKeyOf } from '../core/messages';
import { NAME_MAX_LENGTH, namedItemInputSchema, namedItemPatchSchema } from './named-catalog';

describe('department and division names', () => {
  it('accepts any name of 1 to 20 characters once trimmed, and keeps it trimmed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: NAME_MAX_LENGTH }).filter((name) => name.trim() !== ''), (name) => {
        const result = namedItemInputSchema.safeParse({ name: `  ${name} ` });
        expect(result.success).toBe(true);
        expect(result.data?.name).toBe(name.trim());
      }),
    );
  });

  it('refuses more than 20 characters with the spec message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: NAME_MAX_LENGTH + 1, maxLength: 200 }).filter((name) => name.trim().length > NAME_MAX_LENGTH), (name) => {
        const result = namedItemInputSchema.safeParse({ name });
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('Maximum length allowed for name is 20 characters.');
      }),
    );
  });

  it('requires a name', () => {
    for (const input of [{}, { name: '' }, { name: '    ' }, { name: 42 }]) {
      const result = namedItemInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.nameRequired);
    }
  });

  it('lets a patch leave the name out, but not break the rule when it is there', () => {
    expect(namedItemPatchSchema.safeParse({}).success).toBe(true);
    expect(namedItemPatchSchema.safeParse({ name: 'x'.repeat(21) }).error?.issues[0]?.message).toBe(MESSAGES.nameMax20);
  });
});

describe('product messages', () => {
  it('finds the catalogue key of every message by its text', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect(messageKeyOf(text)).toBe(key);
    expect(messageKeyOf('not a product message')).toBeUndefined();
  });

  it('has no two keys with the same text', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
