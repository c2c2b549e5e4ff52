import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { identityClient } from '../../local/identity';
import type { StackUnderTest } from '../support/global-setup';
import { readLatestCode } from '../support/identity';

/** Where a code is sent: an email address, or a phone number texted. */
export type CodeKind = 'email' | 'sms';

/**
 * What the identity conformance suite talks to: a Cognito user pool and one app client, or
 * the local stand-in for them. Everything goes through the AWS SDK, so the same tests judge both.
 */
export interface IdentityTarget {
  /** `local` or `aws`, shown in the test names. */
  name: string;
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  clientId: string;
  /**
   * The newest code (or, for an invitation, the temporary password) sent to `destination`
   * since `since`, waiting for it to arrive.
   */
  readCode(destination: string, kind: CodeKind, since: Date): Promise<string>;
  /** Lets `ms` pass for the identity service: the local clock moves, a real pool is waited for. */
  advanceClock(ms: number): Promise<void>;
  /** Puts the clock back (local); nothing to do on AWS. */
  resetClock(): Promise<void>;
  /** A new address that receives mail `readCode` can read. */
  newEmail(): string;
  /** A phone number whose texts `readCode` can read (E.164). */
  newPhone(): string;
  close(): void;
}

/** The local stack the `stack` project starts (test/support/global-setup.ts). */
export function localTarget(stack: StackUnderTest): IdentityTarget {
  const clock = async (query: string) => {
    const response = await fetch(`${stack.identityEndpoint}/_local/clock?${query}`, { method: 'POST' });
    if (!response.ok) throw new Error(`The local identity service refused the clock change: ${response.status}`);
  };
  return {
    name: 'local',
    client: identityClient(stack.identityEndpoint, stack.credentials),
    userPoolId: stack.userPoolId,
    clientId: stack.portalClientId,
    readCode: (destination, kind, since) => readLatestCode(stack, destination, kind, since),
    advanceClock: (ms) => clock(`advanceMs=${ms}`),
    resetClock: () => clock('reset=1'),
    newEmail: () => `conformance-${randomUUID().slice(0, 8)}@test.example`,
    // 555-01xx numbers are reserved for fiction; the rest makes each test's texts its own.
    newPhone: () => `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    close() {
      this.client.destroy();
    },
  };
}

const run = promisify(execFile);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`CONFORMANCE_TARGET=aws needs ${name} (see test/conformance/identity.test.ts).`);
  return value;
}

/** A real Cognito user pool, named by the environment (see the header of identity.test.ts). */
export function awsTarget(): IdentityTarget {
  const region = required('AWS_REGION');
  const codeCommand = required('CONFORMANCE_CODE_COMMAND');
  const emailDomain = required('CONFORMANCE_EMAIL_DOMAIN');
  const phone = required('CONFORMANCE_PHONE');
  return {
    name: 'aws',
    client: new CognitoIdentityProviderClient({ region }),
    userPoolId: required('CONFORMANCE_USER_POOL_ID'),
    clientId: required('CONFORMANCE_CLIENT_ID'),
    async readCode(destination, kind, since) {
      const { stdout } = await run('sh', ['-c', `${codeCommand} "$0" "$1" "$2"`, destination, kind, since.toISOString()], { timeout: 120_000 });
      const code = stdout.trim();
      if (code === '') throw new Error(`${codeCommand} printed no code for ${destination}.`);
      return code;
    },
    advanceClock: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    resetClock: async () => undefined,
    newEmail: () => `conformance-${randomUUID().slice(0, 8)}@${emailDomain}`,
    newPhone: () => phone,
    close() {
      this.client.destroy();
    },
  };
}

export function targetFromEnvironment(stack: StackUnderTest): IdentityTarget {
  const kind = process.env['CONFORMANCE_TARGET'] ?? 'local';
  if (kind === 'local') return localTarget(stack);
  if (kind === 'aws') return awsTarget();
  throw new Error(`CONFORMANCE_TARGET must be local or aws, not ${kind}.`);
}
