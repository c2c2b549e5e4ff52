import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_STATE } from './clientState';
import { idleLogoutApplies } from './useIdleLogout';

describe('idleLogoutApplies (SPEC section 4, Idle: not for helpdesk)', () => {
  it('applies to every role but helpdesk', () => {
    expect(idleLogoutApplies({ role: 'admin', proxyMainUser: null })).toBe(true);
    expect(idleLogoutApplies({ role: 'superadmin', proxyMainUser: null })).toBe(true);
    expect(idleLogoutApplies({ role: 'helpdesk', proxyMainUser: null })).toBe(false);
  });

  it("under a proxy follows the real user's role, kept in the main-user copies, not the stored admin role", () => {
    expect(idleLogoutApplies({ role: 'admin', proxyMainUser: { ...DEFAULT_SESSION_STATE, role: 'helpdesk' } })).toBe(false);
    expect(idleLogoutApplies({ role: 'admin', proxyMainUser: { ...DEFAULT_SESSION_STATE, role: 'superadmin' } })).toBe(true);
  });
});
