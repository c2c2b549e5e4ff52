import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MountWhenNearView } from './MountWhenNearView';

/** A stand-in for the browser's IntersectionObserver: the test says when the element comes near. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback, readonly options?: IntersectionObserverInit) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element): void {
    this.observed.push(element);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  comesNear(isIntersecting: boolean): void {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('MountWhenNearView', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const Card = () => <p>The card</p>;

  it('keeps a place until its content comes near the screen, then builds it and stops watching', () => {
    const { container } = render(<MountWhenNearView placeholderSx={{ height: 230 }}><Card /></MountWhenNearView>);
    expect(screen.queryByText('The card')).toBeNull();
    const placeholder = container.querySelector('[aria-hidden="true"]');
    expect(placeholder).not.toBeNull();
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.observed).toEqual([placeholder]);
    expect(observer?.options?.rootMargin).toMatch(/^\d+px 0px$/);

    act(() => observer?.comesNear(false));
    expect(screen.queryByText('The card')).toBeNull();

    act(() => observer?.comesNear(true));
    expect(screen.getByText('The card')).toBeTruthy();
    expect(observer?.disconnected).toBe(true);
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('builds everything before the page is printed', () => {
    render(<MountWhenNearView placeholderSx={{ height: 230 }}><Card /></MountWhenNearView>);
    expect(screen.queryByText('The card')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('The card')).toBeTruthy();
  });

  it('builds at once where the browser cannot tell what is near the screen', () => {
    vi.unstubAllGlobals();
    const withoutObserver = globalThis as { IntersectionObserver?: unknown };
    const saved = withoutObserver.IntersectionObserver;
    delete withoutObserver.IntersectionObserver;
    try {
      render(<MountWhenNearView placeholderSx={{ height: 230 }}><Card /></MountWhenNearView>);
      expect(screen.getByText('The card')).toBeTruthy();
    } finally {
      if (saved !== undefined) withoutObserver.IntersectionObserver = saved;
    }
  });
});
