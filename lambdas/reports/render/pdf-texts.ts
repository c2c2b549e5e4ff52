/**
 * The words the PDF renderer writes itself (its header labels and footer), in the three
 * languages: the report's own content comes translated by its builder. `{{page}}` and
 * `{{pages}}` are replaced with the page number and the page count.
 */
export const PDF_LANGUAGES = ['en', 'fr', 'es'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

export interface PdfTexts {
  organisation: string;
  site: string;
  timeZone: string;
  range: string;
  generatedAt: string;
  page: string;
  fingerprint: string;
  noRecords: string;
}

export const PDF_TEXTS: Readonly<Record<PdfLanguage, PdfTexts>> = {
  en: {
    organisation: 'Organisation',
    site: 'Site',
    timeZone: 'Time zone',
    range: 'Period',
    generatedAt: 'Generated',
    page: 'Page {{page}} of {{pages}}',
    fingerprint: 'SHA-256 fingerprint',
    noRecords: 'No records found.',
  },
  fr: {
    organisation: 'Organisation',
    site: 'Site',
    timeZone: 'Fuseau horaire',
    range: 'Période',
    generatedAt: 'Généré le',
    page: 'Page {{page}} sur {{pages}}',
    fingerprint: 'Empreinte SHA-256',
    noRecords: 'Aucun enregistrement trouvé.',
  },
  es: {
    organisation: 'Organización',
    site: 'Sitio',
    timeZone: 'Zona horaria',
    range: 'Periodo',
    generatedAt: 'Generado el',
    page: 'Página {{page}} de {{pages}}',
    fingerprint: 'Huella SHA-256',
    noRecords: 'No se encontraron registros.',
  },
};

/** "Page 2 of 5" in the language. */
export function pageLabel(language: PdfLanguage, page: number, pages: number): string {
  return PDF_TEXTS[language].page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages));
}
