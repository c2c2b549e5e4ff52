import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Api } from './api';
import type { PortalContext } from './context';
import { Data } from './data';
import { Devices } from './devices';
import { Files } from './files';
import { Identity } from './identity';
import { Notifications } from './notifications';
import { Reports } from './reports';
import { SmsReplies } from './sms-replies';
import { Schedules } from './schedules';
import { Web } from './web';

/** Used for the OAuth callback URLs until the context gives `webDomain` (docs/deploy.md). */
export const PLACEHOLDER_WEB_ORIGIN = 'https://localhost';

export interface ColdChainPortalStackProps extends StackProps, PortalContext {
  /** The built web app (`frontend/dist`). */
  readonly webAssetPath: string;
}

/**
 * The whole portal in one stack, composed of its constructs (docs/deploy.md says why one
 * stack): Identity, Data, Files, Api, Devices (IoT Core, docs/devices.md), Schedules, Web and
 * Notifications (the table stream and one queue and sender per channel).
 */
export class ColdChainPortalStack extends Stack {
  public readonly identity: Identity;
  public readonly data: Data;
  public readonly files: Files;
  public readonly api: Api;
  public readonly devices: Devices;
  /** The scheduled jobs of lambdas/schedules.ts (EventBridge Scheduler). */
  public readonly schedules: Schedules;
  public readonly web: Web;
  /** Notification delivery (issue 14 section 3): the table stream, one queue and sender per channel. */
  public readonly notifications: Notifications;

  constructor(scope: Construct, id: string, props: ColdChainPortalStackProps) {
    super(scope, id, props);

    // Hosted-UI prefixes are unique per region across all accounts: the account id makes it so.
    const domainPrefix = props.domainPrefix ?? Fn.join('-', ['coldchain-portal', props.stage, this.account]);
    const webOrigins = props.webDomain === undefined ? [PLACEHOLDER_WEB_ORIGIN] : [`https://${props.webDomain}`];

    this.identity = new Identity(this, 'Identity', { domainPrefix, webOrigins });
    this.data = new Data(this, 'Data');
    this.files = new Files(this, 'Files');
    const vapidParameter = props.vapidParameter ?? `/coldchain/${this.stackName}/vapid`;
    this.api = new Api(this, 'Api', { identity: this.identity, data: this.data, files: this.files, maxSessions: props.maxSessions, vapidParameter,
      ...(props.mailFrom === undefined ? {} : { mailFrom: props.mailFrom }) });
    this.identity.addPostAuthentication(this.data);
    this.devices = new Devices(this, 'Devices', { data: this.data, api: this.api, stage: props.stage });
    this.schedules = new Schedules(this, 'Schedules', { data: this.data });
    this.web = new Web(this, 'Web', {
      webAssetPath: props.webAssetPath,
      identity: this.identity,
      api: this.api,
      maxSessions: props.maxSessions,
      ssoProviders: props.ssoProviders,
      ...(props.adminContactEmail === undefined ? {} : { adminContactEmail: props.adminContactEmail }),
    });

    // Links in messages go to the portal's own domain when the context names it, else to CloudFront's.
    const portalUrl = props.webDomain === undefined ? this.web.url : `https://${props.webDomain}`;
    // The invitation and the codes, worded by the product and linking to the portal (whose address the trigger reads from Parameter Store).
    const portalUrlParameter = `/coldchain/${this.stackName}/portal-url`;
    new StringParameter(this, 'PortalUrl', { parameterName: portalUrlParameter, stringValue: portalUrl, description: 'The portal address the identity messages link to' });
    this.identity.addCustomMessage(this.data, portalUrlParameter);
    const originations = {
      ...(props.smsOriginationIdentity === undefined ? {} : { smsOriginationIdentity: props.smsOriginationIdentity }),
      ...(props.voiceOriginationIdentity === undefined ? {} : { voiceOriginationIdentity: props.voiceOriginationIdentity }),
    };
    this.notifications = new Notifications(this, 'Notifications', {
      data: this.data,
      portalUrl,
      vapidParameter,
      ...(props.mailFrom === undefined ? {} : { mailFrom: props.mailFrom }),
      ...originations,
      ...(props.ivrPhoneNumber === undefined ? {} : { ivrPhoneNumber: props.ivrPhoneNumber }),
    });
    // The storm rule's window: everything that plans, holds or releases messages reads the same one.
    if (props.stormWindowMinutes !== undefined) {
      const holders = [this.notifications.streamFunction, ...this.notifications.senders.values(), this.schedules.functions.get('alarmClock')];
      for (const fn of holders) fn?.addEnvironment('STORM_WINDOW_MINUTES', String(props.stormWindowMinutes));
    }
    // Large report runs: the stream hands queued runs to the report queue, whose runner builds them.
    new Reports(this, 'Reports', { data: this.data, files: this.files, streamFunction: this.notifications.streamFunction });
    // Texts back to the portal's number: a reply code acknowledges its alarm (End User Messaging's two-way SMS).
    new SmsReplies(this, 'SmsReplies', { data: this.data });
    // A user's own test message (POST users/me/notifications/test) goes through the same providers.
    this.api.grantTestMessages({ portalUrl, vapidParameter, ...originations });

    // Device files move between the browser and the files bucket through presigned URLs.
    this.files.allowBrowserAccess([this.web.url, ...webOrigins.filter((origin) => origin !== PLACEHOLDER_WEB_ORIGIN)]);

    new CfnOutput(this, 'WebUrl', { value: this.web.url, description: 'The portal (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'The HTTP API endpoint (the web app calls it as /api on the web URL)' });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'PortalClientId', { value: this.identity.portalClient.userPoolClientId });
    new CfnOutput(this, 'HelpdeskClientId', { value: this.identity.helpdeskClient.userPoolClientId });
    new CfnOutput(this, 'HostedUiUrl', { value: this.identity.hostedUiUrl, description: 'Hosted sign-in domain (SSO)' });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'FilesBucketName', { value: this.files.bucket.bucketName, description: 'Uploaded files (site PDFs)' });
  }
}
