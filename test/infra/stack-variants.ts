import type { Environment } from 'aws-cdk-lib';

export interface StackVariant {
  context?: Record<string, unknown>;
  env?: Environment;
  /** Runs the cdk-nag checks on a fresh build (as bin/app.ts registers them) instead of taking the template. */
  nag?: boolean;
}

/**
 * Every stack the infrastructure tests look at, synthesized once per run by one process
 * (test/infra/synthesize.ts, started by the global setup) instead of once per test file: a synth
 * costs seconds, loading the CDK and the stack's code in each test file more. A test file that
 * needs other context values adds a variant here.
 */
export const STACK_VARIANTS = {
  /** As `bin/app.ts` builds it from cdk.json alone. */
  default: {},
  /** test/infra/portal-stack.test.ts: the context values. */
  contextValues: {
    context: {
      stage: 'dev', domainPrefix: 'coldchain-dev-login', webDomain: 'portal.example.com', maxSessions: '12',
      ssoProviders: '{"acme":"AcmeAzureAD"}', adminContactEmail: 'it@example.com', stormWindowMinutes: '10',
    },
  },
  /** test/infra/cdk-nag.test.ts: without an environment (tests, CI)... */
  nagEnvironmentAgnostic: { nag: true },
  /**
   * ...and with the CLI's account and region (deploy), where some ARNs become literals and finding names change;
   * with the IVR's number too, so the SIP media application's resources are checked.
   */
  nagWithAccountAndRegion: { nag: true, env: { account: '123456789012', region: 'eu-west-1' }, context: { ivrPhoneNumber: '+15550100001' } },
  /** test/infra/push-key.test.ts */
  pushKey: { context: { vapidParameter: '/coldchain/test/vapid' } },
  /** test/infra/test-messages.test.ts */
  testMessages: { context: { vapidParameter: '/coldchain/test/vapid', smsOriginationIdentity: 'pool-test', voiceOriginationIdentity: '+15550100000' } },
  /** test/infra/notifications.test.ts */
  notifications: { context: { mailFrom: 'alerts@coldchain.example', voiceOriginationIdentity: 'phone-0123456789abcdef', ivrPhoneNumber: '+15550100001' } },
} satisfies Record<string, StackVariant>;

export type StackVariantName = keyof typeof STACK_VARIANTS;

export interface SynthesizedStack {
  stackName: string;
  /** `Template.fromStack(stack).toJSON()`; absent for the cdk-nag variants. */
  template?: Record<string, unknown>;
  /** Each nested stack's template (the API's routes), by the nested stack's construct path; absent for the cdk-nag variants. */
  nestedTemplates?: Record<string, Record<string, unknown>>;
  /** The staged assets' config.json files (the web app's), by path in the assembly: `asset.<hash>/config.json`. */
  assetConfigFiles: Record<string, string>;
  /** `{ Ref: logicalId }` of the user pool, the portal client and the helpdesk client. */
  identityRefs: { Ref: string }[];
  /** The resolved `Target.Input` of each schedule, by logical id. */
  resolvedScheduleInputs: Record<string, unknown>;
  nag?: {
    /** One line per unacknowledged AwsSolutions finding (validateScope on the stack as built). */
    findings: string[];
    /** Why `app.synth()` threw with the checks registered, if it did. */
    synthError?: string;
    /** The CDK errors and warnings then on the stack. */
    problems: string[];
  };
}

/** A file in the stacks directory the synthesizing process writes when it fails as a whole. */
export const SYNTHESIS_FAILED_FILE = 'synthesis-failed.txt';

