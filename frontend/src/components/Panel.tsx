import { useEffect, useId, useState, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { PopperPlacementType } from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the panel's stacking level in fullscreen and its collapse animation. */
export const PANEL_FULLSCREEN_Z_INDEX = 10_000;
export const PANEL_COLLAPSE_MS = 150;

export interface PanelProps {
  title: ReactNode;
  children?: ReactNode;
  /** Shows Loading... (or `loader`) and marks the footer as fetching. */
  loading?: boolean;
  footer?: ReactNode;
  /** Shown instead of Loading... while loading. */
  loader?: ReactNode;
  /** The controls, all on by default (SPEC section 1). */
  options?: boolean;
  reload?: boolean;
  fullscreen?: boolean;
  collapse?: boolean;
  close?: boolean;
  /** Where the controls' tooltips go; automatic by default. */
  tooltipPlacement?: PopperPlacementType;
  /** Hide the page's scrollbar while in fullscreen (default true). */
  hidePageScrollInFullscreen?: boolean;
  onOptions?(): void;
  onReload?(): void;
  onClose?(): void;
  onCollapseChange?(collapsed: boolean): void;
  onFullscreenChange?(fullscreen: boolean): void;
}

/** Hides the page's scrollbar while mounted, giving back what was there before. */
function useHiddenPageScroll(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [active]);
}

/**
 * The dashboard's reusable panel (SPEC sections 1 and 4): a title, controls for options,
 * reload, fullscreen, collapse and close, a body that collapses in 150 ms, fullscreen over
 * the whole window, and a footer.
 */
export function Panel({
  title,
  children,
  loading = false,
  footer,
  loader,
  options = true,
  reload = true,
  fullscreen = true,
  collapse = true,
  close = true,
  tooltipPlacement = 'auto',
  hidePageScrollInFullscreen = true,
  onOptions,
  onReload,
  onClose,
  onCollapseChange,
  onFullscreenChange,
}: PanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [collapsed, setCollapsed] = useState(false);
  const [isFullscreen, setFullscreen] = useState(false);
  const [open, setOpen] = useState(true);
  useHiddenPageScroll(open && isFullscreen && hidePageScrollInFullscreen);

  if (!open) return null;

  const toggleCollapsed = () => {
    setCollapsed(!collapsed);
    onCollapseChange?.(!collapsed);
  };
  const toggleFullscreen = () => {
    setFullscreen(!isFullscreen);
    onFullscreenChange?.(!isFullscreen);
  };
  const closePanel = () => {
    // Closing leaves fullscreen first, so the page gets its scrollbar back.
    if (isFullscreen) {
      setFullscreen(false);
      onFullscreenChange?.(false);
    }
    setOpen(false);
    onClose?.();
  };

  const control = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label} placement={tooltipPlacement}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={loading}
      data-fullscreen={isFullscreen || undefined}
      sx={[
        { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
        isFullscreen && {
          position: 'fixed',
          inset: 0,
          zIndex: PANEL_FULLSCREEN_Z_INDEX,
          borderRadius: 0,
        },
      ]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, py: 1 }}>
        {/* One line with an ellipsis from a medium screen up, where cards have fixed heights; on a
            phone the cards take their content's height, so a long title (French, Spanish) wraps. */}
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h2"
          sx={{ flexGrow: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: { xs: 'normal', md: 'nowrap' }, overflow: { md: 'hidden' }, textOverflow: { md: 'ellipsis' } }}
        >
          {title}
        </Typography>
        {options && control(t('panel.options'), <MoreVertIcon fontSize="small" />, () => onOptions?.())}
        {reload && control(t('panel.reload'), <RefreshIcon fontSize="small" />, () => onReload?.())}
        {fullscreen &&
          control(
            isFullscreen ? t('panel.restore') : t('panel.fullscreen'),
            isFullscreen ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />,
            toggleFullscreen,
          )}
        {collapse &&
          control(
            collapsed ? t('panel.expand') : t('panel.collapse'),
            collapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />,
            toggleCollapsed,
          )}
        {close && control(t('panel.close'), <CloseIcon fontSize="small" />, closePanel)}
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-hidden />}</Box>
      <Collapse in={!collapsed} timeout={PANEL_COLLAPSE_MS} sx={isFullscreen ? { flexGrow: 1, overflow: 'auto' } : undefined}>
        <Box sx={{ p: 2 }}>
          {loading ? (loader ?? <Typography color="text.secondary" role="status">{t('app.loading')}</Typography>) : children}
        </Box>
      </Collapse>
      {footer !== undefined && (
        <>
          <Divider />
          <Box
            component="footer"
            data-fetching={loading || undefined}
            aria-busy={loading}
            sx={{ px: 2, py: 1, color: 'text.secondary', typography: 'body2', opacity: loading ? 0.6 : 1 }}
          >
            {footer}
          </Box>
        </>
      )}
    </Paper>
  );
}
