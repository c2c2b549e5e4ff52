import { Stack, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, PhysicalResourceIdReference } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { Data } from './data';
import { PortalFunction } from './function';
import { acknowledgeHouseFunction, nagResourceName } from './nag';

/** The service that invokes a SIP media application's Lambda (Amazon Chime SDK PSTN audio). */
const CHIME_VOICE_PRINCIPAL = 'voiceconnector.chime.amazonaws.com';

export interface VoiceCallsProps {
  readonly data: Data;
  /** The Amazon Chime SDK phone number (E.164) the calls come from (context `ivrPhoneNumber`). */
  readonly phoneNumber: string;
  /** The voice sender: it places the calls. */
  readonly voiceSender: PortalFunction;
}

/**
 * IVR on AWS (issue 14 section 4; docs/decisions/0072-ivr-on-chime-sdk-pstn-audio.md): the
 * SIP media application that places alarm calls asking for a key press, and its handler
 * (lambdas/alarms/voice-call-handler.ts), which acknowledges through acknowledgeByVoice.
 * CloudFormation has no resource type for a SIP media application, so a custom resource
 * (AwsCustomResource, ChimeSDKVoice's own API) creates, renames and deletes it. The voice sender
 * may call from it and nothing else: chime:CreateSipMediaApplicationCall on this application.
 * The phone number is the operator's, ordered in the Chime SDK console (docs/deploy.md).
 */
export class VoiceCalls extends Construct {
  public readonly handler: PortalFunction;
  public readonly sipMediaApplicationId: string;

  constructor(scope: Construct, id: string, props: VoiceCallsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.handler = new PortalFunction(this, 'CallHandler', {
      entry: 'lambdas/alarms/voice-call-handler.ts',
      description: 'IVR: the SIP media application of alarm calls (press 1 to acknowledge)',
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
    });
    // A key press acknowledges the alarm: it reads the delivery and the recipient and writes the alarm.
    props.data.grantTo(this.handler, 'readWrite');
    acknowledgeHouseFunction(this.handler);
    // Only PSTN audio of this account may invoke it (the application's id exists only after it is made, which needs this first).
    this.handler.addPermission('ChimeVoiceInvoke', {
      principal: new ServicePrincipal(CHIME_VOICE_PRINCIPAL),
      sourceAccount: stack.account,
    });

    const name = `${stack.stackName}-alarm-calls`;
    const serviceLinkedRoles = stack.formatArn({ service: 'iam', region: '', resource: 'role', resourceName: `aws-service-role/${CHIME_VOICE_PRINCIPAL}/*` });
    const application = {
      service: 'ChimeSDKVoice',
      parameters: { Name: name, Endpoints: [{ LambdaArn: this.handler.functionArn }] },
      physicalResourceId: PhysicalResourceId.fromResponse('SipMediaApplication.SipMediaApplicationId'),
    };
    const sipMediaApplication = new AwsCustomResource(this, 'SipMediaApplication', {
      onCreate: { ...application, action: 'createSipMediaApplication', parameters: { ...application.parameters, AwsRegion: stack.region } },
      onUpdate: { ...application, action: 'updateSipMediaApplication', parameters: { ...application.parameters, SipMediaApplicationId: new PhysicalResourceIdReference() } },
      onDelete: { service: 'ChimeSDKVoice', action: 'deleteSipMediaApplication', parameters: { SipMediaApplicationId: new PhysicalResourceIdReference() } },
      policy: AwsCustomResourcePolicy.fromStatements([
        // CreateSipMediaApplication names no resource; update and delete act on the application the resource made.
        new PolicyStatement({
          actions: ['chime:CreateSipMediaApplication', 'chime:UpdateSipMediaApplication', 'chime:DeleteSipMediaApplication', 'chime:GetSipMediaApplication'],
          resources: ['*'],
        }),
        // The service checks it may invoke the endpoint.
        new PolicyStatement({ actions: ['lambda:GetPolicy'], resources: [this.handler.functionArn] }),
        // The first application of an account creates PSTN audio's service-linked role (it reads the speech from Amazon Polly).
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['iam:CreateServiceLinkedRole'],
          resources: [serviceLinkedRoles],
          conditions: { StringEquals: { 'iam:AWSServiceName': CHIME_VOICE_PRINCIPAL } },
        }),
      ]),
      installLatestAwsSdk: false,
    });
    sipMediaApplication.node.addDependency(this.handler.permissionsNode.findChild('ChimeVoiceInvoke'));
    Validations.of(sipMediaApplication).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'chime:CreateSipMediaApplication has no resource ARN; the custom resource only creates, renames and deletes the one SIP media application of this stack.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${nagResourceName(this, serviceLinkedRoles)}]`,
        reason: "Only PSTN audio's own service-linked role (its name is the service's), and only for that service (iam:AWSServiceName).",
      },
    );
    this.sipMediaApplicationId = sipMediaApplication.getResponseField('SipMediaApplication.SipMediaApplicationId');

    // The voice sender places IVR calls through this application only, from the operator's number.
    props.voiceSender.addEnvironment('IVR_SIP_MEDIA_APPLICATION_ID', this.sipMediaApplicationId);
    props.voiceSender.addEnvironment('IVR_PHONE_NUMBER', props.phoneNumber);
    props.voiceSender.addToRolePolicy(new PolicyStatement({
      actions: ['chime:CreateSipMediaApplicationCall'],
      resources: [stack.formatArn({ service: 'chime', resource: 'sma', resourceName: this.sipMediaApplicationId })],
    }));
  }
}
