import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../shared/clients/ses';
import { backendConfig } from '../shared/config';

/** Sends the "your report is ready" email (SES v2; the SES stand-in's outbox locally). */
export type ReportMailer = (to: string, message: { subject: string; text: string }) => Promise<void>;

export const sesReportMailer: ReportMailer = async (to, message) => {
  await sesClient().send(new SendEmailCommand({
    FromEmailAddress: backendConfig().mailFrom,
    Destination: { ToAddresses: [to] },
    Content: { Simple: { Subject: { Data: message.subject, Charset: 'UTF-8' }, Body: { Text: { Data: message.text, Charset: 'UTF-8' } } } },
  }));
};

/** The portal's address, for the email's link (PORTAL_URL, as the other messages' links). */
export const portalUrl = (): string => (process.env['PORTAL_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');
/** The web app's Report History page. */
export const REPORT_HISTORY_PATH = '/app/reports/history';
