import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableClass, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../lambdas/data/table-shape';
import { TABLE_CLASS } from './cost-settings';
import { nagResourceName } from './nag';

export type TableAccess = 'read' | 'readWrite';

/**
 * The portal's one DynamoDB table (ARCHITECTURE.md "Back end"), of the shape
 * lambdas/data/table-shape.ts declares (`pk`/`sk`, generic GSIs, a `ttl` attribute), in the
 * table class of lib/cost-settings.ts. It holds every
 * organisation's records, so it is never deleted with the stack.
 */
export class Data extends Construct {
  public readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      tableClass: TableClass[TABLE_CLASS],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      // The notifier reads the table's changes (lambdas/notifier/stream.ts, lib/notifications.ts).
      stream: StreamViewType[TABLE_KEYS.streamViewType],
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_KEYS.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /**
   * Grants a function access to the table and tells it the table's name, in one call, so
   * permissions and configuration never drift apart.
   */
  public grantTo(fn: LambdaFunction, access: TableAccess): void {
    if (access === 'read') {
      this.table.grantReadData(fn);
    } else {
      this.table.grantReadWriteData(fn);
    }
    fn.addEnvironment('TABLE_NAME', this.table.tableName);

    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(this, `${this.table.tableArn}/index/*`)}]`,
      reason: "Queries go to the generic GSIs of the one table (gsi1, gsi2, and any added later); the grant covers only this table's indexes.",
    });
  }
}
