import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { Panel, PANEL_FULLSCREEN_Z_INDEX } from './Panel';

const panel = () => screen.getByRole('region', { name: 'Sensors' });

describe('Panel', () => {
  it('shows its title, its content and every control by default, with their tooltips', async () => {
    const user = userEvent.setup();
    renderScreen(<Panel title="Sensors" footer="Updated now">content</Panel>);
    expect(panel()).toBeInTheDocument();
    expect(screen.getByText('content')).toBeVisible();
    expect(screen.getByText('Updated now')).toBeInTheDocument();
    for (const name of ['Options', 'Reload', 'Fullscreen', 'Collapse', 'Close']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.hover(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Reload');
  });

  it('turns each control off on request', () => {
    renderScreen(<Panel title="Sensors" options={false} reload={false} fullscreen={false} collapse={false} close={false} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows Loading... while loading and marks the footer as fetching', () => {
    const { rerender } = renderScreen(<Panel title="Sensors" loading footer="Updated now">content</Panel>);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    const footer = screen.getByText('Updated now');
    expect(footer).toHaveAttribute('data-fetching', 'true');
    expect(footer).toHaveAttribute('aria-busy', 'true');
    rerender(<Panel title="Sensors" footer="Updated now">content</Panel>);
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.getByText('Updated now')).not.toHaveAttribute('data-fetching');
  });

  it('shows the loader content given instead of Loading...', () => {
    renderScreen(<Panel title="Sensors" loading loader={<span>Fetching sensors</span>}>content</Panel>);
    expect(screen.getByText('Fetching sensors')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('emits options and reload', async () => {
    const user = userEvent.setup();
    const onOptions = vi.fn();
    const onReload = vi.fn();
    renderScreen(<Panel title="Sensors" onOptions={onOptions} onReload={onReload} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onOptions).toHaveBeenCalledOnce();
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('collapses and expands its body, telling the page', async () => {
    const user = userEvent.setup();
    const onCollapseChange = vi.fn();
    renderScreen(<Panel title="Sensors" onCollapseChange={onCollapseChange}>content</Panel>);
    await user.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(onCollapseChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(screen.getByText('content')).not.toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(onCollapseChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.getByText('content')).toBeVisible());
  });

  it('collapses in 150 ms', async () => {
    vi.useFakeTimers();
    try {
      renderScreen(<Panel title="Sensors">content</Panel>);
      act(() => screen.getByRole('button', { name: 'Collapse' }).click());
      const collapse = screen.getByText('content').closest('.MuiCollapse-root');
      expect(collapse).not.toHaveClass('MuiCollapse-hidden');
      act(() => {
        vi.advanceTimersByTime(150);
      });
      expect(collapse).toHaveClass('MuiCollapse-hidden');
    } finally {
      vi.useRealTimers();
    }
  });

  it('covers the window in fullscreen at stacking level 10000, hiding the page scrollbar until restored', async () => {
    const user = userEvent.setup();
    const onFullscreenChange = vi.fn();
    document.body.style.overflow = 'scroll';
    renderScreen(<Panel title="Sensors" onFullscreenChange={onFullscreenChange}>content</Panel>);

    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(onFullscreenChange).toHaveBeenLastCalledWith(true);
    expect(panel()).toHaveStyle({ position: 'fixed', zIndex: String(PANEL_FULLSCREEN_Z_INDEX) });
    expect(panel()).toHaveAttribute('data-fullscreen', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(onFullscreenChange).toHaveBeenLastCalledWith(false);
    expect(panel()).not.toHaveStyle({ position: 'fixed' });
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('keeps the page scrollbar in fullscreen when asked to', async () => {
    const user = userEvent.setup();
    renderScreen(<Panel title="Sensors" hidePageScrollInFullscreen={false} />);
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('closes, leaving fullscreen first', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    renderScreen(
      <Panel title="Sensors" onFullscreenChange={(on) => events.push(`fullscreen ${on}`)} onClose={() => events.push('close')}>
        content
      </Panel>,
    );
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(events).toEqual(['fullscreen true', 'fullscreen false', 'close']);
    expect(screen.queryByRole('region', { name: 'Sensors' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('places the tooltips where asked (automatic by default)', async () => {
    const user = userEvent.setup();
    renderScreen(<Panel title="Sensors" tooltipPlacement="left" />);
    await user.hover(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Close');
    expect(document.querySelector('.MuiTooltip-tooltipPlacementLeft')).not.toBeNull();
  });
});
