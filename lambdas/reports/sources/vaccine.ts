import { buildVaccineReport, type VaccineFigures } from '@domain/reports/vaccine';
import type { ReportSource } from './context';
import { temperatureSensors } from './temperature-sensors';

/**
 * The Vaccine report's source: per fridge or freezer, its readings and alarms read one sensor at
 * a time and built against the limits the form gives (in the form's unit), the figures joined.
 */
export const vaccineSource: ReportSource<'vaccine'> = async (context, parameters) => {
  const read = await temperatureSensors(context, parameters);
  const unit = parameters.unit ?? context.unit;
  let figures: VaccineFigures | undefined;
  for (const [index, record] of read.sensors.entries()) {
    const sensor = await read.read(record);
    const built = buildVaccineReport({ timeZone: read.timeZone, parameters, unit, now: context.now, sensors: [sensor] });
    figures = figures === undefined ? built : {
      chart: { ...figures.chart, series: [...figures.chart.series, ...built.chart.series], limits: [...figures.chart.limits, ...built.chart.limits] },
      twiceDaily: figures.twiceDaily.concat(built.twiceDaily),
      loggingGaps: figures.loggingGaps.concat(built.loggingGaps),
      excursions: figures.excursions.concat(built.excursions),
      summary: figures.summary.concat(built.summary),
    };
    await context.progress((index + 1) / read.sensors.length);
  }
  return { figures: figures ?? buildVaccineReport({ timeZone: read.timeZone, parameters, unit, now: context.now, sensors: [] }), timeZone: read.timeZone, siteNames: read.siteNames };
};
