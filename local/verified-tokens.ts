/**
 * Tokens whose signature, issuer and audience the gateway has checked, kept until they expire
 * (issue 32 section 2): a signature check per request was the gateway's own largest cost. A
 * token's claims cannot change, so nothing a check decides is skipped: the expiry is compared
 * at every use, and whether the session is still open (revoked, ended) is the handlers' own
 * check on every call, as before.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: Record<string, string>; expiresAtMs: number }>();

  /** At most `capacity` tokens are kept; the oldest kept goes first. */
  constructor(private readonly capacity = 1_000) {}

  /** The claims of a token verified before and not expired at `nowMs`, a copy for this request. */
  get(token: string, nowMs: number): Record<string, string> | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return { ...entry.claims };
  }

  /** Keeps a verified token's claims until `expiresAtSeconds` (its `exp`); one without `exp` is not kept. */
  set(token: string, claims: Record<string, string>, expiresAtSeconds: number | undefined): void {
    if (expiresAtSeconds === undefined) return;
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { claims: { ...claims }, expiresAtMs: expiresAtSeconds * 1000 });
  }
}
