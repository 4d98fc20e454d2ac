import { useLayoutEffect, type RefObject } from 'react';

const HEIGHT_PROPERTY = '--app-header-height';

/**
 * Publishes the header's height as the CSS variable --app-header-height on the document while the
 * header is shown, so that the toasts (outside the page's layout) sit under it and never over its
 * burger and coupon icon. Measured, not assumed: the safe area, the version and the offline notice
 * change the height.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(HEIGHT_PROPERTY, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(HEIGHT_PROPERTY);
    };
  }, [header]);
}
