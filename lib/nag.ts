import { Stack, Validations } from 'aws-cdk-lib';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag names each wildcard finding after the resource as it appears in the template,
 * with references flattened: `{"Fn::GetAtt": ["Table", "Arn"]}` + `/index/*` becomes
 * `<Table.Arn>/index/*`. Computing the name from the same token keeps an acknowledgement
 * exact whether or not the stack's account and region are known at synth.
 */
export function nagResourceName(scope: IConstruct, value: string): string {
  return flattenReference(Stack.of(scope).resolve(value));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same, for a value already resolved to its CloudFormation form. */
export function flattenReference(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (isRecord(node)) {
    const join = node['Fn::Join'];
    if (Array.isArray(join) && typeof join[0] === 'string' && Array.isArray(join[1])) {
      return (join[1] as unknown[]).map(flattenReference).join(join[0]);
    }
    if ('Fn::Sub' in node) return flattenReference(node['Fn::Sub']);
    const getAtt = node['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return `<${flattenReference(getAtt[0])}.${flattenReference(getAtt[1])}>`;
    if ('Fn::ImportValue' in node) return flattenReference(node['Fn::ImportValue']);
    if ('Ref' in node) return `<${flattenReference(node['Ref'])}>`;
  }
  return JSON.stringify(node);
}

/** The IAM4 finding of a function role that uses AWS's managed AWSLambdaBasicExecutionRole. */
export function lambdaBasicExecutionFinding(scope: IConstruct): string {
  const arn = ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn;
  return `AwsSolutions-IAM4[Policy::${nagResourceName(scope, arn)}]`;
}

/**
 * The two findings every house function (PortalFunction) has by design, acknowledged with the
 * same reasons wherever one is made: its role's AWS-managed basic execution policy, and its
 * pinned runtime.
 */
export function acknowledgeHouseFunction(fn: IConstruct): void {
  Validations.of(fn).acknowledge(
    { id: lambdaBasicExecutionFinding(fn), reason: "AWS's managed policy for writing the function's own logs; it grants nothing else." },
    { id: 'AwsSolutions-L1', reason: 'The design pins nodejs22.x (bundles target node22); the runtime is moved deliberately with the house construct.' },
  );
}
