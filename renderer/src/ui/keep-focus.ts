import type { MouseEvent } from 'react';

/**
 * For a button's onMouseDown: a tap leaves the focus where it was, so the cashier's next Enter
 * (the screen's own key: on to checkout) is not taken by the button just tapped (one more ticket,
 * the same room again). Tab still reaches the button, and Enter or Space on it still presses it.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();
