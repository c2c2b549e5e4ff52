import { useLayoutEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import type { NumberValue } from '@mui/x-charts/models';
import { useTranslation } from 'react-i18next';
import type { UnitOfMeasure } from '../../session/clientState';
import { useFormatters } from '../../i18n/formatters';
import { chartPlan, thinChartPlan, type GraphChannel } from './chartData';
import type { ReadingUnit } from '@domain/devices/device-catalogue';
import { displayValue } from '../../i18n/readingUnits';
import type { ContactLabels } from '../../i18n/readingUnits';

export interface SensorChartProps {
  channels: readonly GraphChannel[];
  uom: UnitOfMeasure;
  /** The sensor's open and close labels, for a contact channel's axis and tooltip. */
  contactLabels: ContactLabels;
  height?: number;
  /** Fixed width (tests); the container's width otherwise. */
  width?: number;
  /** The window asked for: the time axis spans it, so where the readings fall in it shows. */
  window?: { start: Date; end: Date };
  /** Lines drawn across the chart at these values (an alarm's limits), in stored units, on the axis of their unit. */
  limits?: readonly { value: number; unit: ReadingUnit; label: string }[];
  /** Moments marked down the chart (an alarm's start and clearing). */
  marks?: readonly { at: Date; label: string }[];
}

const TIME_TICK: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
const TIME_TOOLTIP: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
/** A tick may fall between the devices' tenths (a narrow range steps by 0.05). */
const VALUE_TICK: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };

/** Before the chart is measured (and in tests, where nothing is laid out). */
const DEFAULT_CHART_WIDTH = 800;

/** The width the chart is drawn at: the given one, else its box's, followed as the box resizes. */
function useDrawnWidth(element: HTMLElement | null, fixed: number | undefined): number {
  const [measured, setMeasured] = useState(DEFAULT_CHART_WIDTH);
  useLayoutEffect(() => {
    if (fixed !== undefined || element === null) return undefined;
    const measure = () => {
      if (element.clientWidth > 0) setMeasured(element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, fixed]);
  return fixed ?? measured;
}

/**
 * A sensor's readings over time (MUI X Charts): one line per channel in the user's unit,
 * a contact channel as a step line between its close and open labels, one y axis per unit.
 */
export function SensorChart({ channels, uom, contactLabels, height = 320, width, window, limits = [], marks = [] }: SensorChartProps) {
  const { t } = useTranslation();
  const formatters = useFormatters();
  // A state, not a ref: the box is another element once the first readings replace "no readings".
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const drawnWidth = useDrawnWidth(box, width);
  // About one point a pixel column: a min and a max every two (issue 17 item 6).
  const plan = useMemo(() => thinChartPlan(chartPlan(channels, uom), drawnWidth / 2), [channels, drawnWidth, uom]);

  if (plan.times.length === 0) {
    return (
      <Box ref={setBox} sx={{ height, display: 'grid', placeItems: 'center' }}>
        <Typography color="text.secondary">{t('sensors.data.noReadings')}</Typography>
      </Box>
    );
  }

  // The axis stretches to take in the limits drawn on it, so a limit beyond the readings still shows.
  const limitDomain = (axisId: string) => {
    const values = limits.filter((limit) => `axis-${limit.unit}` === axisId).map((limit) => displayValue(limit.value, limit.unit, uom));
    if (values.length === 0) return {};
    return {
      domainLimit: (min: NumberValue, max: NumberValue) => {
        const low = Math.min(Number(min), ...values);
        const high = Math.max(Number(max), ...values);
        const pad = (high - low) * 0.05 || 1;
        return { min: low - pad, max: high + pad };
      },
    };
  };

  const contactText = (value: number | null) => (value === null ? '' : value >= 0.5 ? contactLabels.open : contactLabels.close);

  return (
    <Box ref={setBox} role="figure" aria-label={t('sensors.data.chartLabel')}>
      <LineChart
        height={height}
        {...(width === undefined ? {} : { width })}
        skipAnimation
        xAxis={[{
          id: 'time',
          scaleType: 'time',
          data: plan.times,
          ...(window === undefined ? {} : { min: window.start, max: window.end }),
          valueFormatter: (value: Date, context) => formatters.dateTime(value, context.location === 'tick' ? TIME_TICK : TIME_TOOLTIP),
        }]}
        yAxis={plan.axes.map((axis, position) => ({
          id: axis.id,
          position: position === 0 ? 'left' : 'right',
          ...(axis.unit === 'state'
            // As wide as its labels ("Door open"), which the default width cut to "Doo…" (issue 17 item 7).
            ? { min: 0, max: 1, tickInterval: [0, 1], width: 'auto' as const, valueFormatter: (value: number) => contactText(value) }
            // The user's digits and decimal separator ("38,4" in French), not the chart's own.
            : { label: axis.symbol, valueFormatter: (value: number) => formatters.number(value, VALUE_TICK), ...limitDomain(axis.id) }),
        }))}
        series={plan.series.map((series) => {
          const axis = plan.axes.find((candidate) => candidate.id === series.axisId);
          const symbol = axis?.symbol ?? '';
          return {
            id: series.id,
            yAxisId: series.axisId,
            data: series.data,
            connectNulls: true,
            showMark: false,
            curve: series.step ? 'stepAfter' as const : 'linear' as const,
            label: t('sensors.data.seriesLabel', { channel: series.channel, type: t(`devices.sensorTypes.${series.sensorType}`) }),
            valueFormatter: (value: number | null) => (series.step ? contactText(value) : formatters.measure(value, symbol)),
          };
        })}
        grid={{ horizontal: true }}
      >
        {limits.filter((limit) => plan.axes.some((axis) => axis.id === `axis-${limit.unit}`)).map((limit) => (
          <ChartsReferenceLine
            key={`${limit.unit}-${limit.value}-${limit.label}`}
            y={displayValue(limit.value, limit.unit, uom)}
            axisId={`axis-${limit.unit}`}
            label={limit.label}
            labelAlign="end"
            lineStyle={{ strokeDasharray: '6 4', stroke: '#c62828' }}
          />
        ))}
        {plan.times.length > 0 && marks.map((mark) => (
          <ChartsReferenceLine
            key={`${mark.at.toISOString()}-${mark.label}`}
            x={mark.at}
            axisId="time"
            label={mark.label}
            labelAlign="start"
            lineStyle={{ strokeDasharray: '2 3', stroke: '#546e7a' }}
          />
        ))}
      </LineChart>
    </Box>
  );
}
