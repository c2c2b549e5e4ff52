import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { nextTask } from '../app/nextTask';

/** How far below (or above) the screen a part starts to be built: about a phone's scroll flick. */
const NEAR_VIEW_MARGIN = '300px 0px';

export interface MountWhenNearViewProps {
  /** The place kept for it until then: its height, so nothing moves when it comes. */
  placeholderSx: SxProps<Theme>;
  children: ReactNode;
}

/** The builds of the parts near the screen, in the order they came near it: the first is under way. */
const builds: (() => void)[] = [];

/**
 * Builds now if no other part is being built, else after the ones before it. Parts coming near
 * the screen together (the dashboard's first cards) were built in one render and one commit, the
 * commit a long task (the DOM, emotion's styles, the reads' set-up; docs/performance.md): one part
 * a commit now, the next a task after.
 */
function buildInTurn(build: () => void): void {
  builds.push(build);
  if (builds.length === 1) build();
}

/** A part is built (its commit is done) or no longer wanted: the next one starts a task later. */
function builtOrGone(build: () => void): void {
  const index = builds.indexOf(build);
  if (index === -1) return;
  builds.splice(index, 1);
  if (index === 0 && builds.length > 0) void nextTask().then(() => builds[0]?.());
}

/**
 * Builds its content once it comes near the screen, and keeps it from then on. On a phone the
 * dashboard's cards stack far below the first screen: building them all (and asking for their
 * data) at once kept the main thread busy for the cards the user sees first (docs/performance.md).
 * Where the browser cannot tell (no IntersectionObserver), and before printing, it builds at once.
 */
export function MountWhenNearView({ placeholderSx, children }: MountWhenNearViewProps) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || element === null) return;
    // In a transition: React builds the card in short slices instead of one long task.
    const build = () => startTransition(() => setNear(true));
    let queued = false;
    const observer = new IntersectionObserver((entries) => {
      if (queued || !entries.some((entry) => entry.isIntersecting)) return;
      queued = true;
      buildInTurn(build);
    }, { rootMargin: NEAR_VIEW_MARGIN });
    observer.observe(element);
    const beforePrint = () => setNear(true);
    window.addEventListener('beforeprint', beforePrint);
    // Run once the commit that built the content is done (or the part is gone).
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
      if (queued) builtOrGone(build);
    };
  }, [near]);
  if (near) return children;
  return <Box ref={placeholder} aria-hidden sx={[{ borderRadius: 1, bgcolor: 'action.hover' }, ...(Array.isArray(placeholderSx) ? placeholderSx : [placeholderSx])]} />;
}
