import type { SSMClient } from '@aws-sdk/client-ssm';
import { DEFAULT_ADMIN_CONTACT_EMAIL } from '@domain/core/app-config';

/**
 * The VAPID keys web push is signed with (RFC 8292; issue 14 section 3). On AWS they are one
 * SecureString parameter of Parameter Store, named by `VAPID_PARAMETER`, holding
 * `{"publicKey": "...", "privateKey": "...", "subject": "mailto:..."}` (the keys base64url, as
 * `npx web-push generate-vapid-keys --json` prints them; `subject` optional). Locally the runner
 * generates a pair once per data folder and passes it as `VAPID_PUBLIC_KEY` and
 * `VAPID_PRIVATE_KEY` (local/vapid.ts). Read once per process; the private key never leaves
 * the backend (the browser is given the public key only: GET session/active/devices/push-key).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about these messages: a mailto: or https: URL. */
  subject: string;
}

const DEFAULT_SUBJECT = `mailto:${DEFAULT_ADMIN_CONTACT_EMAIL}`;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

let cached: Promise<VapidKeys> | undefined;
let ssm: SSMClient | undefined;

/** The keys, from the environment (local) or Parameter Store (AWS); a failed read is tried again next time. */
export function vapidKeys(): Promise<VapidKeys> {
  cached ??= readVapidKeys().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Tests: forget the keys read. */
export function resetVapidKeys(): void {
  cached = undefined;
}

const subjectFromEnv = () => process.env['VAPID_SUBJECT'] || undefined;

async function readVapidKeys(): Promise<VapidKeys> {
  const publicKey = process.env['VAPID_PUBLIC_KEY'];
  const privateKey = process.env['VAPID_PRIVATE_KEY'];
  if (publicKey && privateKey) return checked({ publicKey, privateKey, subject: subjectFromEnv() ?? DEFAULT_SUBJECT }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');

  const name = process.env['VAPID_PARAMETER'];
  if (!name) throw new Error('No VAPID keys: set VAPID_PARAMETER (the Parameter Store parameter holding them).');
  // Loaded at the first read, not at import (docs/decisions/0082-one-bundle-per-resource.md).
  const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
  ssm ??= new SSMClient({});
  const result = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  const value = result.Parameter?.Value;
  if (value === undefined) throw new Error(`The parameter ${name} has no value.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`The parameter ${name} is not JSON: it must hold {"publicKey", "privateKey", "subject"}.`);
  }
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const text = (field: string) => (typeof fields[field] === 'string' ? fields[field] : '');
  return checked({ publicKey: text('publicKey'), privateKey: text('privateKey'), subject: subjectFromEnv() ?? (text('subject') || DEFAULT_SUBJECT) }, name);
}

/** Refuses a pair that is not base64url or a subject that is neither mailto: nor https: (web-push would refuse it on the first send). */
function checked(keys: VapidKeys, source: string): VapidKeys {
  if (!BASE64URL.test(keys.publicKey) || !BASE64URL.test(keys.privateKey)) {
    throw new Error(`The VAPID keys of ${source} must be base64url (publicKey and privateKey).`);
  }
  if (!/^(mailto:|https:)/.test(keys.subject)) throw new Error(`The VAPID subject must be a mailto: or https: URL, not "${keys.subject}".`);
  return keys;
}
