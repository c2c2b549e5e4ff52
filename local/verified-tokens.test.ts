import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  it('answers a kept token until its expiry, then no more', () => {
    // Prepare
    const tokens = new VerifiedTokens();
    tokens.set('token-1', { sub: 'user-1' }, 1_000);

    // Act / Assert
    expect(tokens.get('token-1', 999_999)).toEqual({ sub: 'user-1' });
    expect(tokens.get('token-1', 1_000_000)).toBeUndefined();
    expect(tokens.get('token-1', 0)).toBeUndefined();
  });

  it('keeps no token without an expiry, and at most its capacity', () => {
    // Prepare
    const tokens = new VerifiedTokens(2);

    // Act
    tokens.set('no-exp', { sub: 'a' }, undefined);
    tokens.set('first', { sub: 'b' }, 10);
    tokens.set('second', { sub: 'c' }, 10);
    tokens.set('third', { sub: 'd' }, 10);

    // Assert
    expect(tokens.get('no-exp', 0)).toBeUndefined();
    expect(tokens.get('first', 0)).toBeUndefined();
    expect(tokens.get('third', 0)).toEqual({ sub: 'd' });
  });

  it('hands each request its own copy of the claims', () => {
    // Prepare
    const tokens = new VerifiedTokens();
    tokens.set('token-1', { sub: 'user-1' }, 10);

    // Act
    const claims = tokens.get('token-1', 0);
    if (claims) claims['sub'] = 'changed';

    // Assert
    expect(tokens.get('token-1', 0)).toEqual({ sub: 'user-1' });
  });
});
