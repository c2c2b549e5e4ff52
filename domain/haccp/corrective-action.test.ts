import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { correctiveActionInputSchema } from './corrective-action';

const firstMessage = (input: unknown) => {
  const result = correctiveActionInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('standard corrective action input', () => {
  it('requires a name, trims it and bounds its length', () => {
    expect(firstMessage({})).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ name: '   ' })).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ name: 'x'.repeat(101) })).toBe(MESSAGES.nameMax100);
    expect(correctiveActionInputSchema.parse({ name: '  Discard product > 8 °C ' })).toEqual({ name: 'Discard product > 8 °C', description: '' });
  });

  it('takes an optional description up to 500 characters', () => {
    expect(correctiveActionInputSchema.parse({ name: 'Re-chill', description: ' Move to the blast chiller. ' }).description).toBe('Move to the blast chiller.');
    expect(firstMessage({ name: 'Re-chill', description: 'x'.repeat(501) })).toBe(MESSAGES.descriptionMax500);
  });
});
