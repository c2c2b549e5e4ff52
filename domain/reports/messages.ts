/**
 * The reports' own words (SPEC section 5 "Reports", section 8 "Reports"), kept beside the
 * report catalogue as `login-messages.ts` is beside `MESSAGES`, and part of `MESSAGES`
 * (`...REPORT_MESSAGES`), so the API's refusals carry their codes and the web app shows them
 * in the user's language. The Portal Audit's 31-day message, the generic date messages and the
 * two texts `MESSAGES` already had ("Please select a location.", "Please select at least one
 * site.": one text, one key) stay in `MESSAGES`, where they already are.
 */
export const REPORT_MESSAGES = {
  // Parameters (SPEC section 5 "Reports": location, sites, sensors, dates required; location and sites in MESSAGES)
  reportSensorsRequired: 'Please select at least one sensor.',
  reportSensorRequired: 'Please select a sensor.',
  reportStartDateRequired: 'Start date is required.',
  reportEndDateRequired: 'End date is required.',
  reportEndBeforeStart: 'End date should not be before start date.',
  // Ranges (SPEC sections 5 and 9: checklist 7 days, portal audit 31 with a 7-day message, sensor audit 2 months)
  portalAuditSevenDays: 'The Portal Audit opens on the last 7 days: choose dates to see up to 31 days.',
  sensorAuditRangeTooLong: 'The Sensor Audit date range can be at most 2 months.',
  // Reading hours, vaccine limits, duration (SPEC section 5)
  readingHoursInvalid: 'Reading hours must be whole hours from 0 to 23.',
  readingHoursConsecutive: 'Reading hours must be consecutive.',
  vaccineMinRequired: 'Minimum temperature is required.',
  vaccineMaxRequired: 'Maximum temperature is required.',
  vaccineMinMaxDifferent: 'Minimum and maximum temperature must be different.',
  vaccineMaxGreater: 'Maximum temperature must be greater than minimum temperature.',
  durationMin1: 'Duration must be at least 1.',
  // Choices (SPEC section 9)
  dataPointsInvalid: 'Please choose the data points: all, every hour, every 15 minutes or every 5 minutes.',
  timelineInvalid: 'Please choose the timeline: all day or working hours (9AM-5PM).',
  operationInvalid: 'Please choose the operation: average, minimum or maximum.',
  imagePreferenceInvalid: 'Please choose the images: none, thumbnail or enlarged.',
  dateFormatInvalid: 'Please choose a date format.',
  reportFormatInvalid: 'Please choose PDF, CSV or on screen.',
  // Runs (SPEC section 8 "Reports")
  reportEmailed: 'This report is too large or covers more than 7 days: it will be emailed to you when it is ready.',
  reportNoRecords: 'No records found.',
  reportPerformanceTimeout: 'The performance report took too long to build. Please choose a shorter range or fewer sites.',
  reportProcessingLonger: 'This report is taking longer than expected to process. It will appear in Report History when it is ready.',
  reportChoose: 'Please choose a report.',
  reportVerifyFileRequired: 'Please choose a report file to check.',
  reportNotReady: 'This report is not ready yet.',
  reportFileExpired: 'This report file is no longer kept.',
  reportPopupsBlocked: 'Pop-ups are blocked in your browser. Please allow pop-ups for this site to open the report.',
} as const;

export type ReportMessageKey = keyof typeof REPORT_MESSAGES;
