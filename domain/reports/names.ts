import type { LANGUAGES } from '../identity/user';
import type { ReportId } from './catalogue';

/**
 * Each report's name in the three languages (issue 34 section 1), for what the server writes
 * itself: the PDF's title, the CSV's file name, the emailed report's subject. The web app shows
 * the same names by the entry's `nameKey`; its catalogues take them from here.
 */
type Language = (typeof LANGUAGES)[number];

export const REPORT_NAMES: Readonly<Record<ReportId, Readonly<Record<Language, string>>>> = {
  temperatureLog: { en: 'Temperature Log', fr: 'Relevé de température', es: 'Registro de temperatura' },
  checklistReport: { en: 'Checklist Report', fr: 'Rapport des listes de contrôle', es: 'Informe de listas de control' },
  checklistPerformance: { en: 'Checklist Performance', fr: 'Performance des listes de contrôle', es: 'Rendimiento de listas de control' },
  portalAudit: { en: 'Portal Audit', fr: 'Audit du portail', es: 'Auditoría del portal' },
  sensorHealthSummary: { en: 'Sensor Health Summary', fr: 'Synthèse de l’état des capteurs', es: 'Resumen del estado de los sensores' },
  sensorSignal: { en: 'Sensor Signal', fr: 'Signal des capteurs', es: 'Señal de los sensores' },
  vaccine: { en: 'Vaccine', fr: 'Vaccins', es: 'Vacunas' },
  sensorQa: { en: 'Sensor QA', fr: 'Contrôle qualité des capteurs', es: 'Control de calidad de sensores' },
  alertsByDay: { en: 'Alerts By Day', fr: 'Alertes par jour', es: 'Alertas por día' },
  sensorDetails: { en: 'Sensor Details', fr: 'Détails des capteurs', es: 'Detalles de los sensores' },
  sensorAudit: { en: 'Sensor Audit', fr: 'Audit du capteur', es: 'Auditoría del sensor' },
  exceptionSummary: { en: 'Exception Summary', fr: 'Synthèse des anomalies', es: 'Resumen de excepciones' },
  reportHistory: { en: 'Report History', fr: 'Historique des rapports', es: 'Historial de informes' },
};
