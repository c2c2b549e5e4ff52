import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ReportPreview } from '@domain/reports/runs';
import { useFormatters } from '../../i18n/formatters';

type Chart = NonNullable<ReportPreview['sections'][number]['chart']>;

const WIDTH = 800;
const HEIGHT = 240;
const PAD = { left: 8, right: 8, top: 8, bottom: 8 };

/** Each unbroken run of points as one path: a gap (a null reading) is left a gap, never joined. */
export function linePaths(points: readonly { time: number; value: number | null }[], x: (time: number) => number, y: (value: number) => number): string[] {
  const paths: string[] = [];
  let current: string[] = [];
  for (const point of points) {
    if (point.value === null) {
      if (current.length > 0) paths.push(current.join(' '));
      current = [];
      continue;
    }
    current.push(`${current.length === 0 ? 'M' : 'L'}${x(point.time).toFixed(1)},${y(point.value).toFixed(1)}`);
  }
  if (current.length > 0) paths.push(current.join(' '));
  return paths;
}

/**
 * A preview's chart as a plain SVG line chart: one line a series, the limits dashed across it,
 * the range's first and last times under it and the values' bounds beside it, in the report's unit.
 * It stretches to its box's width (a phone's 390 px as a desktop's).
 */
export function PreviewChart({ chart, title }: { chart: Chart; title: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const formatters = useFormatters();
  const colours = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.error.main, theme.palette.info.main];
  const values = [
    ...chart.series.flatMap((series) => series.points.flatMap((point) => (point.value === null ? [] : [point.value]))),
    ...chart.limits.flatMap((limit) => [limit.min, limit.max].filter((value): value is number => value !== null)),
  ];
  if (values.length === 0) return <Typography color="text.secondary">{t('reports.preview.noPoints')}</Typography>;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const duration = chart.to - chart.from || 1;
  const x = (time: number) => PAD.left + ((time - chart.from) / duration) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => HEIGHT - PAD.bottom - ((value - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const measure = (value: number) => formatters.measure(value, chart.unit, { maximumFractionDigits: 1 });

  return (
    <Box>
      <Typography variant="caption" component="div">{measure(high)}</Typography>
      <Box
        component="svg"
        role="img"
        aria-label={t('reports.preview.chart', { title })}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        sx={{ width: '100%', height: { xs: 180, sm: 240 }, display: 'block', border: 1, borderColor: 'divider' }}
      >
        {chart.limits.flatMap((limit) => [limit.min, limit.max].flatMap((value, index) => (value === null ? [] : [
          <line key={`${limit.sensor}-${index}`} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke={theme.palette.error.main} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />,
        ])))}
        {chart.series.map((series, index) => linePaths(series.points, x, y).map((path, part) => (
          <path key={`${series.name}-${part}`} d={path} fill="none" stroke={colours[index % colours.length]} strokeWidth={2} vectorEffect="non-scaling-stroke" />
        )))}
      </Box>
      <Typography variant="caption" component="div">{measure(low)}</Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="caption">{formatters.dateTime(chart.from)}</Typography>
        <Typography variant="caption">{formatters.dateTime(chart.to)}</Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
        {chart.series.map((series, index) => (
          <Stack key={series.name} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 3, bgcolor: colours[index % colours.length] }} />
            <Typography variant="caption">{series.name}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
