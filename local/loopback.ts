import type { IncomingMessage } from 'node:http';

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;
const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether a request came from this machine (a loopback address) to a loopback host name: what
 * the local runtime's developer tools (the outbox, the emulators' own pages) answer, so neither
 * another machine nor a web page through DNS rebinding (a foreign Host header) reads them.
 */
export function isLoopbackRequest(request: IncomingMessage): boolean {
  return LOOPBACK_HOST.test(request.headers.host ?? '') && LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '');
}
