import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Policy } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS } from '@domain/identity/account';
import { APP_VERSION, DEFAULT_ADMIN_CONTACT_EMAIL, type WebAppConfig } from '@domain/core/app-config';
import { API_PREFIX } from '../lambdas/routes';
import type { Api } from './api';
import type { Identity } from './identity';
import { flattenReference, isRecord, lambdaBasicExecutionFinding, nagResourceName } from './nag';

export interface WebProps {
  /** The built web app (`frontend/dist`). */
  readonly webAssetPath: string;
  readonly identity: Identity;
  readonly api: Api;
  /** SSO: identity provider per SSO client id (config.json `ssoProviders`). */
  readonly ssoProviders?: Record<string, string>;
  readonly maxSessions?: number;
  readonly adminContactEmail?: string;
}

/**
 * Any path without a file extension is a route of the single-page app: serve index.html.
 * Only the default (S3) behaviour runs it, so API responses, errors included, pass untouched.
 */
const SPA_ROUTING_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Hashed build output (Vite's `assets/`) never changes under a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, config.json, public files) is revalidated on every load. */
const REVALIDATE = 'no-cache';

/**
 * The web app: a private bucket behind CloudFront (origin access control), `/api/*`
 * forwarded to the HTTP API on the same origin (no CORS), and the build deployed with a
 * `config.json` written from this stack's identity and API.
 */
export class Web extends Construct {
  public readonly bucket: Bucket;
  public readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { identity, api } = props;
    const region = Stack.of(this).region;

    const logsBucket = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/',
      // Retained like every other stateful resource; a new deploy writes a fresh build anyway.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders: ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      contentSecurityPolicy: {
        contentSecurityPolicy: [
          "default-src 'self'",
          "script-src 'self'",
          // MUI (emotion) injects its styles at run time.
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self' data:",
          `connect-src 'self' https://cognito-idp.${region}.amazonaws.com ${identity.hostedUiUrl}`,
          `form-action 'self' ${identity.hostedUiUrl}`,
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
        override: true,
      },
    };
    const headersPolicy = (policyId: string, cacheControl: string): ResponseHeadersPolicy =>
      new ResponseHeadersPolicy(this, policyId, {
        comment: `Cold-chain portal: security headers, Cache-Control ${cacheControl}`,
        securityHeadersBehavior: securityHeaders,
        customHeadersBehavior: {
          customHeaders: [
            { header: 'Cache-Control', value: cacheControl, override: true },
            { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
          ],
        },
      });
    const appHeaders = headersPolicy('AppHeaders', REVALIDATE);
    const assetHeaders = headersPolicy('AssetHeaders', IMMUTABLE);
    // The API sets its own Cache-Control; only the security headers are added.
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Cold-chain portal API: security headers',
      securityHeadersBehavior: securityHeaders,
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(SPA_ROUTING_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for the routes of the single-page app',
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const apiOrigin = new HttpOrigin(`${api.httpApi.apiId}.execute-api.${region}.amazonaws.com`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Cold-chain portal (${Stack.of(this).stackName})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: appHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        'assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: assetHeaders,
          compress: true,
        },
        [`${API_PREFIX.slice(1)}/*`]: {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET: refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          compress: true,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The portal serves organisations in many countries; no geo restriction is a deployment choice (docs/deploy.md).',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No WAF web ACL by default (cost per ACL and rule); API Gateway throttles and Cognito threat protection guard the endpoints. docs/deploy.md says how to attach one.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose TLS policy cannot be chosen; a custom domain with its own certificate is a deployment choice (docs/deploy.md).',
      },
    );

    const webAppConfig: WebAppConfig = {
      runtime: 'aws',
      region,
      userPoolId: identity.userPool.userPoolId,
      portalClientId: identity.portalClient.userPoolClientId,
      helpdeskClientId: identity.helpdeskClient.userPoolClientId,
      apiBaseUrl: API_PREFIX,
      version: APP_VERSION,
      oauthDomain: identity.hostedUiUrl,
      ssoProviders: props.ssoProviders ?? {},
      maxSessions: props.maxSessions ?? DEFAULT_MAX_SESSIONS,
      idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
      adminContactEmail: props.adminContactEmail ?? DEFAULT_ADMIN_CONTACT_EMAIL,
    };
    const deployment = new BucketDeployment(this, 'Deployment', {
      destinationBucket: this.bucket,
      sources: [Source.asset(props.webAssetPath), Source.jsonData('config.json', webAppConfig)],
      // Old hashed chunks stay, so a tab opened before a deploy can still load its lazy routes.
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: new LogGroup(this, 'DeploymentLogs', {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });
    acknowledgeBucketDeploymentHandler(deployment, this.bucket);
  }

  public get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

/**
 * BucketDeployment runs a singleton Lambda that CDK owns and places at the stack's root;
 * its findings are acknowledged on that function only.
 */
function acknowledgeBucketDeploymentHandler(deployment: BucketDeployment, siteBucket: Bucket): void {
  const stack = Stack.of(deployment);
  const handler = stack.node.children.find(
    (child): child is LambdaFunction => child instanceof LambdaFunction && child.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  if (handler === undefined) {
    throw new Error('The BucketDeployment handler was not found at the stack root');
  }
  const copyReason =
    "CDK's BucketDeployment copies the build from the CDK assets bucket into the site bucket: object-level wildcards on those two buckets only.";
  Validations.of(handler).acknowledge(
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: copyReason,
    })),
    ...assetsBucketObjectResources(handler).map((resource) => ({ id: `AwsSolutions-IAM5[Resource::${resource}]`, reason: copyReason })),
    { id: `AwsSolutions-IAM5[Resource::${nagResourceName(stack, siteBucket.arnForObjects('*'))}]`, reason: copyReason },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: "CDK's BucketDeployment invalidates the distribution after a deploy; aws-cdk-lib grants the CloudFront invalidation actions on *.",
    },
    {
      id: lambdaBasicExecutionFinding(handler),
      reason: "CDK's BucketDeployment handler writes its own logs with AWS's managed policy.",
    },
    {
      id: 'AwsSolutions-L1',
      reason: "The BucketDeployment handler's runtime is chosen by aws-cdk-lib and moves with it.",
    },
  );
}

/**
 * The CDK assets bucket's name depends on the bootstrap qualifier and on whether the
 * account and region are known, so it is read from the handler's own policy.
 */
function assetsBucketObjectResources(handler: LambdaFunction): string[] {
  const policy = handler.role?.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof Policy)) return [];
  const document: unknown = Stack.of(handler).resolve(policy.document);
  const statements = isRecord(document) && Array.isArray(document['Statement']) ? (document['Statement'] as unknown[]) : [];
  const resources = statements.flatMap((statement) => {
    const resource = isRecord(statement) ? statement['Resource'] : undefined;
    return Array.isArray(resource) ? (resource as unknown[]) : [resource];
  });
  return resources
    .map(flattenReference)
    .filter((name) => /^arn:(?:aws[a-z-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-.+\/\*$/.test(name));
}
