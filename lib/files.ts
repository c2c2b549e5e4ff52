import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { nagResourceName } from './nag';
import { REPORT_RETENTION_DAYS } from '@domain/reports/runs';
import { REPORT_OBJECT_TAG } from '../lambdas/reports/files';

/**
 * The files bucket (`coldchain-files` locally): files users upload, such as a site's PDF and
 * a device's files and images. Private, encrypted, TLS only, versioned so an overwritten or
 * deleted file can be recovered, with server access logs; kept when the stack is deleted,
 * like the table. Device files go straight between the browser and the bucket through
 * presigned requests (lambdas/device-records: a signed POST policy up, a presigned URL down),
 * so the bucket allows the web origin (CORS).
 */
export class Files extends Construct {
  public readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const accessLogs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      // Old versions of replaced or deleted files are kept 30 days, then go.
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        // Generated reports (tagged by lambdas/reports/files.ts) are kept for the retention, then go (issue 34 section 3).
        { tagFilters: { [REPORT_OBJECT_TAG.key]: REPORT_OBJECT_TAG.value }, expiration: Duration.days(REPORT_RETENTION_DAYS) },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'files/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * Lets the browser at `origins` (the portal's web origins) POST objects with a signed
   * upload policy and GET them through presigned URLs: the policy or URL carries the
   * permission, CORS only lets the page make the call.
   */
  public allowBrowserAccess(origins: readonly string[]): void {
    this.bucket.addCorsRule({
      allowedOrigins: [...origins],
      allowedMethods: [HttpMethods.GET, HttpMethods.POST, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }

  /**
   * Lets a function read, write and delete files and tells it the bucket's name
   * (`FILES_BUCKET`) in the same call, so permissions and configuration never drift.
   */
  public grantTo(fn: LambdaFunction): void {
    this.bucket.grantReadWrite(fn);
    fn.addEnvironment('FILES_BUCKET', this.bucket.bucketName);
    const objects = nagResourceName(this, this.bucket.arnForObjects('*'));
    Validations.of(fn).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::${objects}]`,
        reason: "Uploaded files are objects of this one bucket, under keys made at upload (the organisation's prefix); the grant covers only this bucket.",
      },
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's read-write grant on the files bucket only: reading, writing and removing uploaded files and their versions.",
      })),
    );
  }
}
