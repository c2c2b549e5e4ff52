import * as z from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { REPORT_CATALOGUE, type ReportDefinition, type ReportId } from '@domain/reports/catalogue';
import type { SelectedLocation, UnitOfMeasure } from '../../session/clientState';

/** The form's values: each parameter of the entry by its name, as the fields hold it (text, lists of ids, hours). */
export type ReportFormValues = Record<string, unknown>;
/** The parameters the entry's schema gives back: what the API is sent. */
export type ReportParametersInput = Record<string, unknown>;

/** Optional lists: none chosen means all (or every hour), sent as absent, not as an empty list the schema refuses. */
const ALL_WHEN_EMPTY = new Set(['readingHours', 'reportIds', 'recordKinds', 'checklistIds', 'shiftIds', 'userIds']);
/** Numbers typed in the user's language ("-18,4" in French): read before the schema checks them. */
const TYPED_NUMBERS = new Set(['min', 'max', 'durationMinutes']);

/** A report's entry read through the shared definition type (its optional parts, such as `defaultRange`, named). */
export function reportEntry(id: ReportId): ReportDefinition {
  return REPORT_CATALOGUE[id];
}

/** The parameters a report's form asks for: its schema's fields, in the catalogue's order. */
export function reportFields(id: ReportId): string[] {
  const schema = reportEntry(id).parameters;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** A day as a date field holds it (`YYYY-MM-DD`), in the browser's calendar. */
export function dayText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The range a form opens on when its entry names none: the last week, today included. */
const DEFAULT_RANGE_DAYS = 7;

/**
 * What a report's form opens with: the place chosen in the top bar, the entry's range (the
 * Portal Audit's last 7 days) up to today, the user's unit, and each choice's default of
 * SPEC section 9 (the schema's own defaults).
 */
export function defaultReportValues(id: ReportId, context: { selectedLocation: SelectedLocation | null; uom: UnitOfMeasure; now: Date; language?: string }): ReportFormValues {
  const days = reportEntry(id).defaultRange?.days ?? DEFAULT_RANGE_DAYS;
  const defaults: ReportFormValues = {
    locationId: context.selectedLocation?.locationId ?? '',
    siteIds: context.selectedLocation?.siteId === undefined || context.selectedLocation.siteId === null ? [] : [context.selectedLocation.siteId],
    sensorIds: [],
    sensorId: '',
    // Both days included: 7 days end today and start 6 days before.
    from: dayText(new Date(context.now.getTime() - (days - 1) * DAY_MS)),
    to: dayText(context.now),
    dataPoints: 'hourly',
    timeline: 'allDay',
    operation: 'average',
    imagePreference: 'thumbnail',
    // SPEC section 9's default is MM/DD/YYYY; a French or Spanish reader writes the day first.
    dateFormat: context.language === 'fr' || context.language === 'es' ? 'DD/MM/YYYY' : 'MM/DD/YYYY',
    unit: context.uom,
    readingHours: [],
    min: '',
    max: '',
    durationMinutes: '1',
    reportIds: [],
    recordKinds: [],
    checklistIds: [],
    shiftIds: [],
    userIds: [],
  };
  const fields = new Set(reportFields(id));
  return Object.fromEntries(Object.entries(defaults).filter(([name]) => fields.has(name)));
}

/** The form's values as the entry's schema reads them: optional lists left out when empty, typed numbers read. */
export function formToParameters(values: ReportFormValues, parseNumber: (text: string) => number | undefined): ReportFormValues {
  return Object.fromEntries(Object.entries(values).flatMap(([name, value]): [string, unknown][] => {
    if (ALL_WHEN_EMPTY.has(name) && Array.isArray(value) && value.length === 0) return [];
    if (TYPED_NUMBERS.has(name) && typeof value === 'string' && value.trim() !== '') return [[name, parseNumber(value) ?? value]];
    return [[name, value]];
  }));
}

/**
 * The form checked by the report's own schema (zodResolver), so the browser refuses with the
 * very messages the API would (SPEC section 5), on the values as the schema reads them.
 */
export function reportResolver(id: ReportId, parseNumber: (text: string) => number | undefined): Resolver<ReportFormValues, unknown, ReportParametersInput> {
  const schema = reportEntry(id).parameters as unknown as z.ZodType<ReportParametersInput, ReportFormValues>;
  const resolve = zodResolver(schema);
  return (values, context, options) => resolve(formToParameters(values, parseNumber), context, options);
}
