import type { ReportLanguage } from './cells';

/**
 * The email telling a user their report is ready (SPEC section 8: a report too large or over 7
 * days "will be emailed to you when it is ready"), in the reader's language. `{{report}}`,
 * `{{range}}`, `{{link}}` and `{{sha256}}` are replaced. The file itself is not attached: the
 * link opens Report History, where its download checks who asks.
 */
export const REPORT_READY_EMAIL: Readonly<Record<ReportLanguage, { subject: string; text: string }>> = {
  en: {
    subject: 'Your report is ready: {{report}}',
    text: 'The report you asked for is ready: {{report}} ({{range}}).\n\nDownload it from Report History: {{link}}\n\nSHA-256 fingerprint of the file: {{sha256}}',
  },
  fr: {
    subject: 'Votre rapport est prêt : {{report}}',
    text: 'Le rapport que vous avez demandé est prêt : {{report}} ({{range}}).\n\nTéléchargez-le depuis l’historique des rapports : {{link}}\n\nEmpreinte SHA-256 du fichier : {{sha256}}',
  },
  es: {
    subject: 'Su informe está listo: {{report}}',
    text: 'El informe que solicitó está listo: {{report}} ({{range}}).\n\nDescárguelo desde el historial de informes: {{link}}\n\nHuella SHA-256 del archivo: {{sha256}}',
  },
};

/** The email's subject and text with its values. */
export function reportReadyEmail(language: ReportLanguage, values: { report: string; range: string; link: string; sha256: string }): { subject: string; text: string } {
  const fill = (text: string) => text.replaceAll('{{report}}', values.report).replaceAll('{{range}}', values.range).replaceAll('{{link}}', values.link).replaceAll('{{sha256}}', values.sha256);
  const texts = REPORT_READY_EMAIL[language];
  return { subject: fill(texts.subject), text: fill(texts.text) };
}
