import { DEMO_PASSWORD } from '../../local/demo';

/**
 * What must never appear in an API answer or a log line: the demo accounts' password, any
 * token (a JWT has three base64url parts, the first two JSON), and the particular secrets a
 * test knows (the local runtime's AWS secret key, codes it was sent, passwords it set).
 */
export function secretsIn(text: string, known: readonly string[] = []): string[] {
  const found: string[] = [];
  if (text.includes(DEMO_PASSWORD)) found.push('the demo password');
  const token = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/.exec(text);
  if (token) found.push(`a token (${token[0].slice(0, 24)}...)`);
  for (const secret of known) {
    if (secret.length >= 6 && text.includes(secret)) found.push(`a known secret (${secret.slice(0, 2)}...)`);
  }
  return found;
}

/** A stack trace or source location in an answer tells an attacker how the service is built. */
export function internalsIn(text: string): string[] {
  const found: string[] = [];
  if (/\n\s+at [\w.<>$]+ \(/.test(text) || /\bat [\w.<>$]+ \([^)]*\.(ts|js|mjs):\d+:\d+\)/.test(text)) found.push('a stack trace');
  if (/(lambdas|local|domain|node_modules)\/[\w./-]+\.(ts|js|mjs)/.test(text)) found.push('a source path');
  return found;
}
