import { describe, expect, it } from 'vitest';
import { REPORT_IDS } from '@domain/reports/catalogue';
import { buildOpenApiDocument } from './document';

describe('the OpenAPI document', () => {
  it("describes each report's parameters from its catalogue entry", () => {
    const schemas = (buildOpenApiDocument()['components'] as { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> }).schemas;
    expect(Object.keys(schemas).filter((name) => name.startsWith('ReportParameters.')).sort()).toEqual(REPORT_IDS.map((id) => `ReportParameters.${id}`).sort());
    const vaccine = schemas['ReportParameters.vaccine'];
    expect(Object.keys(vaccine?.properties ?? {})).toEqual(expect.arrayContaining(['locationId', 'siteIds', 'sensorIds', 'from', 'to', 'min', 'max', 'durationMinutes']));
    expect(schemas['ReportParameters.portalAudit']?.properties).not.toHaveProperty('sensorIds');
  });
});
