import { createRequire } from 'node:module';
import sinon from 'sinon';
import { afterAll } from 'vitest';

/**
 * The unit files share one module world (vitest.config.ts), so a client mock one file makes
 * (aws-sdk-client-mock stubs the client's `send` through sinon's default sandbox) would outlive
 * it and answer the next file's real calls (the local IoT data plane, SNS, the identity
 * service's signature check). After each file every such stub goes, whichever copy of sinon
 * (its CommonJS or ES build) the mock library was loaded with.
 */
afterAll(() => {
  sinon.restore();
  (createRequire(import.meta.url)('sinon') as typeof sinon).restore();
});
