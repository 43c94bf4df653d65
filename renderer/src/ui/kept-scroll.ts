import { useLayoutEffect, type RefObject } from 'react';
import { useNavigation } from '@renderer/navigation';

/**
 * A scrolling box that Back finds where it was left, and a screen opened anew at its top: the box
 * (`name`, unique on its screen) keeps its position under the screen's depth while it scrolls, and
 * takes it again when it is drawn. `when` says to look again (the box appears once results have
 * come, or the screen changed inside a box that stays, as the counter's main area does).
 */
export function useKeptScroll(box: RefObject<HTMLElement | null>, name: string, when?: unknown): void {
  const { depth, keptScroll, keepScroll } = useNavigation();
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.scrollTop = keptScroll(depth, name) ?? 0;
    const keep = () => keepScroll(depth, name, element.scrollTop);
    element.addEventListener('scroll', keep, { passive: true });
    return () => element.removeEventListener('scroll', keep);
  }, [box, name, depth, keptScroll, keepScroll, when]);
}
