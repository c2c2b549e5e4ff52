import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** How far below (or above) the screen a part starts to be built: about a phone's scroll flick. */
const NEAR_VIEW_MARGIN = '300px 0px';

export interface MountWhenNearViewProps {
  /** The place kept for it until then: its height, so nothing moves when it comes. */
  placeholderSx: SxProps<Theme>;
  children: ReactNode;
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
    const observer = new IntersectionObserver((entries) => {
      // In a transition: React builds the card in short slices instead of one long task.
      if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
    }, { rootMargin: NEAR_VIEW_MARGIN });
    observer.observe(element);
    const beforePrint = () => setNear(true);
    window.addEventListener('beforeprint', beforePrint);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
    };
  }, [near]);
  if (near) return children;
  return <Box ref={placeholder} aria-hidden sx={[{ borderRadius: 1, bgcolor: 'action.hover' }, ...(Array.isArray(placeholderSx) ? placeholderSx : [placeholderSx])]} />;
}
