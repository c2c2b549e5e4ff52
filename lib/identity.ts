import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolRiskConfigurationAttachment,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  OAuthScope,
  StandardThreatProtectionMode,
  type StandardAttributesMask,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import {
  IDENTITY_CLIENT_READ_ATTRIBUTES,
  IDENTITY_CLIENT_WRITE_ATTRIBUTES,
  IDENTITY_CUSTOM_ATTRIBUTES,
  REFRESH_TOKEN_VALIDITY_DAYS,
} from '@domain/identity/account';
import type { Data } from './data';
import { PortalFunction } from './function';
import { acknowledgeHouseFunction, nagResourceName } from './nag';

/** The custom attributes the portal reads from the ID token (`custom:<name>`, SPEC.md "Token"). */
export const CUSTOM_ATTRIBUTES = IDENTITY_CUSTOM_ATTRIBUTES;

/** Cognito's names of the standard attributes the app clients' lists name, as the CDK spells them. */
const STANDARD_ATTRIBUTE_KEYS: Readonly<Record<string, keyof StandardAttributesMask>> = {
  email: 'email',
  email_verified: 'emailVerified',
  phone_number: 'phoneNumber',
  phone_number_verified: 'phoneNumberVerified',
  given_name: 'givenName',
  family_name: 'familyName',
};

/**
 * An app client's attribute list from Cognito's attribute names (domain/identity/account.ts: the same
 * lists the local identity service enforces): the role, the organisation and the verified
 * flags are never in the write list, so a user cannot give them to themself.
 */
export function clientAttributes(names: readonly string[]): ClientAttributes {
  const standard: { -readonly [key in keyof StandardAttributesMask]: boolean } = {};
  const custom: string[] = [];
  for (const name of names) {
    if (name.startsWith('custom:')) {
      custom.push(name.slice('custom:'.length));
      continue;
    }
    const key = STANDARD_ATTRIBUTE_KEYS[name];
    if (key === undefined) throw new Error(`No CDK name for the standard attribute ${name}.`);
    standard[key] = true;
  }
  return new ClientAttributes().withStandardAttributes(standard).withCustomAttributes(...custom);
}

export interface IdentityProps {
  /** Prefix of the hosted sign-in domain (`<prefix>.auth.<region>.amazoncognito.com`). */
  readonly domainPrefix: string;
  /** Origins (`https://host`) the OAuth flows may return to. */
  readonly webOrigins: readonly string[];
}

/** The user pool, its two app clients (portal and helpdesk logins) and the hosted sign-in domain. */
export class Identity extends Construct {
  public readonly userPool: UserPool;
  public readonly portalClient: UserPoolClient;
  public readonly helpdeskClient: UserPoolClient;
  public readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      customAttributes: Object.fromEntries(
        CUSTOM_ATTRIBUTES.map((name) => [name, new StringAttribute({ mutable: true })]),
      ),
      passwordPolicy: {
        minLength: 8,
        requireDigits: true,
        requireLowercase: true,
        requireUppercase: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: true, otp: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Threat protection's actions, written down rather than left to the service defaults.
    // No e-mail notifications: they need an SES identity, which this stack does not own.
    new CfnUserPoolRiskConfigurationAttachment(this, 'ThreatProtection', {
      userPoolId: this.userPool.userPoolId,
      clientId: 'ALL',
      compromisedCredentialsRiskConfiguration: {
        actions: { eventAction: 'BLOCK' },
        eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
      },
      accountTakeoverRiskConfiguration: {
        actions: {
          lowAction: { eventAction: 'NO_ACTION', notify: false },
          mediumAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
          highAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
        },
      },
    });

    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });

    const readAttributes = clientAttributes(IDENTITY_CLIENT_READ_ATTRIBUTES);
    const writeAttributes = clientAttributes(IDENTITY_CLIENT_WRITE_ATTRIBUTES);

    const callbackUrls = props.webOrigins.map((origin) => `${origin}/login/callback`);
    const logoutUrls = props.webOrigins.map((origin) => `${origin}/login`);

    const clientDefaults = {
      generateSecret: false,
      // USER_PASSWORD_AUTH is what both runtimes use (the local emulator has no SRP);
      // refresh tokens are always allowed.
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
      readAttributes,
      writeAttributes,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
    };
    const scopes = [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN];

    this.portalClient = this.userPool.addClient('PortalClient', {
      ...clientDefaults,
      userPoolClientName: 'portal',
      oAuth: { flows: { authorizationCodeGrant: true }, scopes, callbackUrls, logoutUrls },
    });
    this.helpdeskClient = this.userPool.addClient('HelpdeskClient', {
      ...clientDefaults,
      userPoolClientName: 'helpdesk',
      // SPEC.md: the helpdesk SSO login asks for a token response type.
      oAuth: { flows: { implicitCodeGrant: true }, scopes, callbackUrls, logoutUrls },
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'SPEC.md: MFA is optional per user (an SMS code when the user has turned it on); requiring it for every user would change the product.',
    });
    Validations.of(this.userPool.node.findChild('smsRole')).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'The role Cognito uses to send SMS codes needs sns:Publish to phone numbers, which have no ARN; only this user pool can assume it (external id).',
    });
  }

  /**
   * The dormancy check (lambdas/identity-triggers/post-authentication.ts): reads the
   * account's last login and resets a dormant account's password.
   */
  public addPostAuthentication(data: Data): PortalFunction {
    const fn = new PortalFunction(this, 'PostAuthenticationFunction', {
      entry: 'lambdas/identity-triggers/post-authentication.ts',
      description: 'User pool post-authentication trigger: dormant accounts reset their password',
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
    });
    data.grantTo(fn, 'readWrite');
    // The pool's own ARN would make a cycle (the pool names this function as its trigger),
    // so the grant names the account's pools; the function acts on the pool in its event.
    const accountPools = Stack.of(this).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' });
    fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminResetUserPassword'], resources: [accountPools] }));
    this.userPool.addTrigger(UserPoolOperation.POST_AUTHENTICATION, fn);
    acknowledgeHouseFunction(fn);
    Validations.of(fn.role ?? fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(this, accountPools)}]`,
      reason: "The trigger cannot name its own pool's ARN (a dependency cycle); it only resets the password of the user in the event it receives from that pool.",
    });
    return fn;
  }

  /**
   * The identity service's messages (lambdas/identity-triggers/custom-message.ts): the
   * invitation and the codes in the recipient's language, naming the organisation, linking to
   * the portal at the address the parameter `portalUrlParameter` holds. It reads the account and
   * organisation records and that parameter only. A parameter by name, not the address: the
   * CloudFront distribution's headers name the pool's sign-in domain, so the pool's trigger
   * naming the distribution would be a dependency cycle.
   */
  public addCustomMessage(data: Data, portalUrlParameter: string): PortalFunction {
    const fn = new PortalFunction(this, 'CustomMessageFunction', {
      entry: 'lambdas/identity-triggers/custom-message.ts',
      description: "User pool custom message trigger: invitations and codes in the user's language",
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO', PORTAL_URL_PARAMETER: portalUrlParameter },
    });
    data.grantTo(fn, 'read');
    fn.addToRolePolicy(new PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: portalUrlParameter.replace(/^\//, '') })],
    }));
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, fn);
    acknowledgeHouseFunction(fn);
    return fn;
  }

  /** Lets a function call these admin actions of the identity service on this pool. */
  public grantAdmin(fn: PortalFunction, actions: readonly string[]): void {
    fn.addToRolePolicy(new PolicyStatement({
      actions: actions.map((action) => `cognito-idp:${action}`),
      resources: [this.userPool.userPoolArn],
    }));
  }

  /** Where the browser signs in: `https://<prefix>.auth.<region>.amazoncognito.com`. */
  public get hostedUiUrl(): string {
    return this.domain.baseUrl();
  }

  /** The JWT issuer of this pool: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  public get issuerUrl(): string {
    return `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
