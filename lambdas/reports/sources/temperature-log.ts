import { buildTemperatureLog, type TemperatureLogFigures } from '@domain/reports/temperature-log';
import type { ReportSource } from './context';
import { temperatureSensors } from './temperature-sensors';

/**
 * The Temperature Log's source: the sensors one at a time (their readings, alarms and limits),
 * each built on its own and the figures joined, so only one sensor's readings are held at once.
 */
export const temperatureLogSource: ReportSource<'temperatureLog'> = async (context, parameters) => {
  const read = await temperatureSensors(context, parameters);
  let figures: TemperatureLogFigures | undefined;
  for (const [index, record] of read.sensors.entries()) {
    const sensor = await read.read(record);
    const built = buildTemperatureLog({ timeZone: read.timeZone, parameters, unit: context.unit, sensors: [sensor], now: context.now });
    figures = figures === undefined ? built : {
      chart: { ...figures.chart, series: [...figures.chart.series, ...built.chart.series], limits: [...figures.chart.limits, ...built.chart.limits] },
      readings: figures.readings.concat(built.readings),
      daySummary: figures.daySummary.concat(built.daySummary),
      twiceDaily: figures.twiceDaily.concat(built.twiceDaily),
      excursions: figures.excursions.concat(built.excursions),
    };
    await context.progress((index + 1) / read.sensors.length);
  }
  return { figures: figures ?? buildTemperatureLog({ timeZone: read.timeZone, parameters, unit: context.unit, sensors: [], now: context.now }), timeZone: read.timeZone, siteNames: read.siteNames };
};
