import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { DashboardPanel } from '@domain/identity/settings';
import { Panel } from '../../components/Panel';
import { useErrorText } from '../../components/useErrorText';

/** SPEC section 9: widget card heights, 230 px small and 373 px medium, never under 115 px. */
export const WIDGET_CARD_HEIGHTS = { small: 230, medium: 373, min: 115 } as const;
export type WidgetCardSize = 'small' | 'medium';

/** A card's sizes. */
export interface WidgetCardSizes {
  /** Its height from a medium screen up. */
  size: WidgetCardSize;
  /**
   * Its least height on a phone, where it otherwise takes its content's: the size its loaded
   * content takes there, so the cards below do not move as its data arrives (default small).
   */
  phoneMinSize?: WidgetCardSize;
}

/** Each widget's card sizes, for the card and for the place kept for it until it is built. */
export const WIDGET_CARDS = {
  systemHealth: { size: 'small', phoneMinSize: 'medium' },
  alarmDashboard: { size: 'medium' },
  topAssetsInAlarm: { size: 'medium' },
  repeatAlarms: { size: 'medium' },
  insightDashboard: { size: 'medium' },
  checklistExceptions: { size: 'medium' },
} as const satisfies Record<DashboardPanel, WidgetCardSizes>;

/** The height a card of these sizes takes before its content comes: so the cards below it do not move. */
export function widgetCardPlaceSx({ size, phoneMinSize = 'small' }: WidgetCardSizes) {
  return { height: { xs: WIDGET_CARD_HEIGHTS[phoneMinSize], md: WIDGET_CARD_HEIGHTS[size] } };
}

/** Where the dashboard's widgets are chosen. */
const DASHBOARD_PREFERENCES_PATH = '/app/settings/dashboard';

/** What a card's frame takes of its height (the panel's header, progress line, padding and footer): the rest scrolls. */
const CARD_CHROME_PX = 122;

export interface WidgetCardProps extends WidgetCardSizes {
  title: string;
  loading: boolean;
  error: unknown;
  onReload(): void;
  /** The list behind the widget. */
  link: { to: string; label: string };
  children: ReactNode;
}

/**
 * A dashboard widget: the shared Panel at the card height of its size from a medium screen up;
 * on a phone the cards stack at their content's height (at least `phoneMinSize`'s), so nothing
 * is cut off at 390 px. Errors are shown by their code's text.
 */
export function WidgetCard({ title, size, phoneMinSize = 'small', loading, error, onReload, link, children }: WidgetCardProps) {
  const errorText = useErrorText();
  const navigate = useNavigate();
  const height = WIDGET_CARD_HEIGHTS[size];
  return (
    <Box
      data-card-size={size}
      // On a phone at least `phoneMinSize`'s height: a card growing as its data arrived pushed the
      // cards below it down (layout shift; docs/performance.md, the dashboard's Lighthouse figures).
      sx={{ height: { xs: 'auto', md: height }, minHeight: { xs: WIDGET_CARD_HEIGHTS[phoneMinSize], md: WIDGET_CARD_HEIGHTS.min }, display: 'flex', flexDirection: 'column', '& > section': { height: '100%', flexGrow: 1 } }}
    >
      <Panel
        title={title}
        loading={loading}
        close={false}
        // Options and Reload are on, as SPEC section 1 has them (issue 17 item 9): a widget's
        // options are the dashboard's preferences (which widgets, in which order).
        onOptions={() => void navigate(DASHBOARD_PREFERENCES_PATH)}
        onReload={onReload}
        footer={<Link component={RouterLink} to={link.to}>{link.label}</Link>}
      >
        <Box sx={{ maxHeight: { md: height - CARD_CHROME_PX }, overflow: 'auto' }}>
          {error !== undefined && error !== null
            ? <Typography color="error" role="alert">{errorText(error)}</Typography>
            : children}
        </Box>
      </Panel>
    </Box>
  );
}

/** A labelled count that opens the list behind it. */
export function Figure({ label, value, to, tone }: { label: string; value: number | string; to?: string; tone?: 'error' | 'warning' | undefined }) {
  const { t } = useTranslation();
  const number = <Typography component="span" variant="h5" color={tone === undefined ? 'text.primary' : `${tone}.main`} sx={{ fontWeight: 600, lineHeight: 1.2 }}>{value}</Typography>;
  return (
    <Box sx={{ minWidth: 84 }}>
      {to === undefined ? number : <Link component={RouterLink} to={to} underline="hover" aria-label={t('dashboard.figure', { label, value })}>{number}</Link>}
      <Typography variant="body2" color="text.secondary">{label}</Typography>
    </Box>
  );
}
