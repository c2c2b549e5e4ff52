import type { LANGUAGES } from '../identity/user';

/**
 * The reports' section titles and column headings in the three languages (issue 34 sections 1
 * and 3: "On screen: the same content ... in the user's language"; reports are in the reader's
 * language). The PDF, the CSV's header row and the screen all read them here, by the ids of the
 * catalogue's sections and columns; `catalogue.test.ts` checks every id has its three texts.
 */
type Language = (typeof LANGUAGES)[number];
type Texts = Readonly<Record<Language, string>>;

const t = (en: string, fr: string, es: string): Texts => ({ en, fr, es });

export const REPORT_SECTION_LABELS: Readonly<Record<string, Texts>> = {
  chart: t('Chart', 'Graphique', 'Gráfico'),
  readings: t('Readings', 'Relevés', 'Lecturas'),
  daySummary: t('Daily summary', 'Synthèse journalière', 'Resumen diario'),
  twiceDaily: t('Twice-daily check', 'Contrôle biquotidien', 'Control dos veces al día'),
  excursions: t('Excursions', 'Excursions', 'Excursiones'),
  instances: t('Checklists', 'Listes de contrôle', 'Listas de control'),
  answers: t('Answers', 'Réponses', 'Respuestas'),
  performance: t('Performance', 'Performance', 'Rendimiento'),
  changes: t('Changes', 'Modifications', 'Cambios'),
  systemChanges: t('Changes made by the system', 'Modifications faites par le système', 'Cambios hechos por el sistema'),
  health: t('Sensor health', 'État des capteurs', 'Estado de los sensores'),
  alarmsByType: t('Alarms by type', 'Alarmes par type', 'Alarmas por tipo'),
  signal: t('Signal', 'Signal', 'Señal'),
  weakEpisodes: t('Weak signal episodes', 'Épisodes de signal faible', 'Episodios de señal débil'),
  loggingGaps: t('Logging gaps (over 30 minutes)', 'Interruptions d’enregistrement (plus de 30 minutes)', 'Interrupciones del registro (más de 30 minutos)'),
  summary: t('Summary', 'Synthèse', 'Resumen'),
  quality: t('Data quality', 'Qualité des données', 'Calidad de los datos'),
  alerts: t('Alerts', 'Alertes', 'Alertas'),
  sensors: t('Sensors', 'Capteurs', 'Sensores'),
  exceptions: t('Exceptions', 'Anomalies', 'Excepciones'),
  runs: t('Reports generated', 'Rapports générés', 'Informes generados'),
};

export const REPORT_COLUMN_LABELS: Readonly<Record<string, Texts>> = {
  acknowledgedAt: t('Acknowledged at', 'Acquittée le', 'Reconocida el'),
  acknowledgedBy: t('Acknowledged by', 'Acquittée par', 'Reconocida por'),
  afternoonMax: t('Afternoon max', 'Max. après-midi', 'Máx. tarde'),
  afternoonMin: t('Afternoon min', 'Min. après-midi', 'Mín. tarde'),
  alarmProfile: t('Alarm profile', 'Profil d’alarme', 'Perfil de alarma'),
  alarmType: t('Alarm type', 'Type d’alarme', 'Tipo de alarma'),
  answer: t('Answer', 'Réponse', 'Respuesta'),
  at: t('When', 'Quand', 'Cuándo'),
  battery: t('Battery (%)', 'Batterie (%)', 'Batería (%)'),
  batteryTrend: t('Battery trend (% per day)', 'Tendance batterie (% par jour)', 'Tendencia de batería (% por día)'),
  calibrationCertificates: t('Calibration certificates', 'Certificats d’étalonnage', 'Certificados de calibración'),
  calibrationDue: t('Calibration due', 'Étalonnage à faire le', 'Calibración prevista'),
  calibrationStatus: t('Calibration', 'Étalonnage', 'Calibración'),
  checklist: t('Checklist', 'Liste de contrôle', 'Lista de control'),
  complete: t('Complete', 'Terminées', 'Completas'),
  completedAt: t('Completed at', 'Terminée le', 'Completada el'),
  completedBy: t('Completed by', 'Terminée par', 'Completada por'),
  completeness: t('Completeness (%)', 'Complétude (%)', 'Integridad (%)'),
  completionRate: t('Completion rate (%)', 'Taux de réalisation (%)', 'Tasa de finalización (%)'),
  correctiveAction: t('Corrective action', 'Action corrective', 'Acción correctiva'),
  count: t('Count', 'Nombre', 'Cantidad'),
  current: t('Current', 'Actuelle', 'Actual'),
  dataLoggingProfile: t('Data logging profile', 'Profil d’enregistrement', 'Perfil de registro'),
  day: t('Day', 'Jour', 'Día'),
  department: t('Department', 'Service', 'Departamento'),
  division: t('Division', 'Division', 'División'),
  duration: t('Duration (min)', 'Durée (min)', 'Duración (min)'),
  end: t('End', 'Fin', 'Fin'),
  equipment: t('Equipment', 'Équipement', 'Equipo'),
  exception: t('Exception', 'Anomalie', 'Excepción'),
  expected: t('Expected', 'Attendus', 'Esperadas'),
  field: t('Field', 'Champ', 'Campo'),
  fingerprint: t('SHA-256 fingerprint', 'Empreinte SHA-256', 'Huella SHA-256'),
  format: t('Format', 'Format', 'Formato'),
  gaps: t('Gaps', 'Interruptions', 'Interrupciones'),
  incomplete: t('Incomplete', 'Incomplètes', 'Incompletas'),
  kind: t('Kind', 'Type', 'Tipo'),
  lastSeen: t('Last seen', 'Dernière réception', 'Última recepción'),
  late: t('Late', 'En retard', 'Con retraso'),
  location: t('Location', 'Emplacement', 'Ubicación'),
  longestGap: t('Longest gap (min)', 'Plus longue interruption (min)', 'Interrupción más larga (min)'),
  max: t('Max', 'Max.', 'Máx.'),
  mean: t('Mean', 'Moyenne', 'Media'),
  meanKinetic: t('Mean kinetic temperature', 'Température cinétique moyenne', 'Temperatura cinética media'),
  meanTimeToAcknowledge: t('Mean time to acknowledge (min)', 'Délai moyen d’acquittement (min)', 'Tiempo medio de reconocimiento (min)'),
  min: t('Min', 'Min.', 'Mín.'),
  model: t('Model', 'Modèle', 'Modelo'),
  morningMax: t('Morning max', 'Max. matin', 'Máx. mañana'),
  morningMin: t('Morning min', 'Min. matin', 'Mín. mañana'),
  newValue: t('New value', 'Nouvelle valeur', 'Valor nuevo'),
  notes: t('Notes', 'Notes', 'Notas'),
  notificationGroups: t('Notification groups', 'Groupes de notification', 'Grupos de notificación'),
  oldValue: t('Old value', 'Ancienne valeur', 'Valor anterior'),
  onTime: t('On time', 'À l’heure', 'A tiempo'),
  onTimeRate: t('On-time rate (%)', 'Taux à l’heure (%)', 'Tasa a tiempo (%)'),
  outOfOrder: t('Out of order', 'Hors ordre', 'Fuera de orden'),
  outstanding: t('Outstanding', 'En attente', 'Pendientes'),
  overdue: t('Overdue', 'En souffrance', 'Vencidas'),
  parameters: t('Parameters', 'Paramètres', 'Parámetros'),
  peak: t('Peak', 'Pic', 'Pico'),
  photo: t('Photo', 'Photo', 'Foto'),
  probeMissing: t('Probe missing', 'Sonde absente', 'Sonda ausente'),
  proxyActor: t('Acting for the organisation', 'Agissant pour l’organisation', 'Actuando para la organización'),
  question: t('Question', 'Question', 'Pregunta'),
  raised: t('Raised', 'Déclenchées', 'Generadas'),
  reason: t('Reason', 'Motif', 'Motivo'),
  received: t('Received', 'Reçus', 'Recibidas'),
  record: t('Record', 'Enregistrement', 'Registro'),
  recordKind: t('Record kind', 'Type d’enregistrement', 'Tipo de registro'),
  report: t('Report', 'Rapport', 'Informe'),
  rssiMean: t('RSSI mean (dBm)', 'RSSI moyen (dBm)', 'RSSI medio (dBm)'),
  rssiWorst: t('RSSI worst (dBm)', 'RSSI le plus faible (dBm)', 'RSSI peor (dBm)'),
  sensor: t('Sensor', 'Capteur', 'Sensor'),
  sensorId: t('Sensor ID', 'ID du capteur', 'ID del sensor'),
  shift: t('Shift', 'Équipe', 'Turno'),
  signalMean: t('Signal mean (dBm)', 'Signal moyen (dBm)', 'Señal media (dBm)'),
  signalWorst: t('Signal worst (dBm)', 'Signal le plus faible (dBm)', 'Señal peor (dBm)'),
  signature: t('Signature', 'Signature', 'Firma'),
  site: t('Site', 'Site', 'Sitio'),
  size: t('Size (bytes)', 'Taille (octets)', 'Tamaño (bytes)'),
  snrMean: t('SNR mean (dB)', 'SNR moyen (dB)', 'SNR medio (dB)'),
  snrWorst: t('SNR worst (dB)', 'SNR le plus faible (dB)', 'SNR peor (dB)'),
  source: t('Source', 'Origine', 'Origen'),
  start: t('Start', 'Début', 'Inicio'),
  status: t('Status', 'Statut', 'Estado'),
  system: t('System', 'Système', 'Sistema'),
  time: t('Time', 'Heure', 'Hora'),
  timeInRange: t('Time in range (%)', 'Temps dans les limites (%)', 'Tiempo dentro de límites (%)'),
  timeOnline: t('Time online (%)', 'Temps en ligne (%)', 'Tiempo en línea (%)'),
  timeOutOfRange: t('Time out of range (min)', 'Temps hors limites (min)', 'Tiempo fuera de límites (min)'),
  timeToAcknowledge: t('Time to acknowledge (min)', 'Délai d’acquittement (min)', 'Tiempo de reconocimiento (min)'),
  unacknowledged: t('Unacknowledged', 'Non acquittées', 'Sin reconocer'),
  value: t('Value', 'Valeur', 'Valor'),
  who: t('Who', 'Qui', 'Quién'),
  worstTimeToAcknowledge: t('Worst time to acknowledge (min)', 'Pire délai d’acquittement (min)', 'Peor tiempo de reconocimiento (min)'),
};

const ALARM_TYPE_LABELS: Readonly<Record<string, Texts>> = {
  // The web app's `alarms.types.*` texts (frontend/src/i18n/reportValueLabels.test.ts keeps them equal).
  threshold: t('Out of range', 'Hors plage', 'Fuera de rango'),
  contact: t('Door / state change', 'Porte / changement d\'état', 'Puerta / cambio de estado'),
  probeMissing: t('Probe missing', 'Sonde absente', 'Sonda ausente'),
  inactivity: t('Inactivity', 'Inactivité', 'Inactividad'),
  battery: t('Low battery', 'Batterie faible', 'Batería baja'),
  tamper: t('Tamper', 'Sabotage', 'Manipulación'),
  checklistException: t('Checklist exception', 'Exception de checklist', 'Excepción de checklist'),
  checklistMissed: t('Missed checklist', 'Checklist manquée', 'Checklist no realizada'),
  checklistReminder: t('Checklist reminder', 'Rappel de checklist', 'Recordatorio de checklist'),
};

/**
 * The words of the coded cells (a builder's cells hold codes, as the CSV of another language
 * would need them translated too): by column id, each code's text in the three languages. A
 * code without a text is written as it is.
 */
export const REPORT_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, Texts>>>> = {
  alarmType: ALARM_TYPE_LABELS,
  kind: { ...ALARM_TYPE_LABELS, checklistLate: t('Checklist completed late', 'Checklist terminée en retard', 'Checklist completada con retraso') },
  calibrationStatus: {
    valid: t('Valid', 'Valide', 'Vigente'),
    dueSoon: t('Due soon', 'À renouveler bientôt', 'Vence pronto'),
    overdue: t('Overdue', 'En retard', 'Vencida'),
    none: t('None', 'Aucun', 'Ninguna'),
  },
  status: {
    completedOnTime: t('Completed on time', 'Terminée à l\'heure', 'Completada a tiempo'),
    completedLate: t('Completed late', 'Terminée en retard', 'Completada con retraso'),
    queued: t('Queued', 'En attente', 'En cola'),
    running: t('Running', 'En cours', 'En curso'),
    ready: t('Ready', 'Prêt', 'Listo'),
    failed: t('Failed', 'Échec', 'Fallido'),
  },
};

/** A coded cell's text in the language (the code itself when it has none). */
export const valueLabel = (columnId: string, value: string, language: Language): string => REPORT_VALUE_LABELS[columnId]?.[value]?.[language] ?? value;

/** A section's title in the language (its id when a new section has no text yet; the catalogue test refuses that). */
export const sectionLabel = (sectionId: string, language: Language): string => REPORT_SECTION_LABELS[sectionId]?.[language] ?? sectionId;
/** A column's heading in the language. */
export const columnLabel = (columnId: string, language: Language): string => REPORT_COLUMN_LABELS[columnId]?.[language] ?? columnId;
