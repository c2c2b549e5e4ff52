import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { REPORT_CATALOGUE, type ReportDefinition, type ReportId } from '@domain/reports/catalogue';
import { parseAnswerImageReference } from '@domain/reports/checklist-report';
import { sectionRows, type ReportFigures } from '@domain/reports/content';
import { answerImage } from '../data/checklist-performance';

/**
 * The photos and signatures a report's PDF draws (issue 34 section 2.2: "photos per the image
 * preference, signatures"): its image cells hold references (the answers keep the images as
 * data URLs of up to 300 KB, too heavy for every preview and CSV), read here one by one for the
 * PDF only, at most IMAGES_MAX of them so a run's memory stays bounded; the rest stay words.
 */
export const IMAGES_MAX = 400;
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,(.+)$/;

/** The references of a report's image cells, in order, each once. */
export function imageReferences(reportId: ReportId, figures: ReportFigures): string[] {
  const references = new Set<string>();
  for (const section of (REPORT_CATALOGUE[reportId] as ReportDefinition).sections) {
    const imageColumns = section.columns.filter((column) => column.kind === 'image' || column.kind === 'signature');
    if (imageColumns.length === 0) continue;
    for (const row of sectionRows(figures, section)) {
      for (const column of imageColumns) {
        const value = row[column.id];
        if (typeof value === 'string' && parseAnswerImageReference(value) !== undefined) references.add(value);
      }
    }
  }
  return [...references];
}

/** The images the references name, as bytes (PNG or JPEG); one missing or of another kind is left out. */
export async function readReportImages(client: DynamoDBDocumentClient, tableName: string, customerId: string, references: readonly string[]): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>();
  for (const reference of references.slice(0, IMAGES_MAX)) {
    const place = parseAnswerImageReference(reference);
    if (place === undefined) continue;
    const dataUrl = await answerImage(client, tableName, customerId, place.instanceId, place.questionId);
    const match = dataUrl === undefined ? null : DATA_URL.exec(dataUrl);
    if (match?.[2] !== undefined) images.set(reference, Buffer.from(match[2], 'base64'));
  }
  return images;
}
