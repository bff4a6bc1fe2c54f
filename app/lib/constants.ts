/** Hover menus wait before opening so a passing pointer does not flash them open (docs/product-rules.md#constants). */
export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;
/**
 * Menus, dialogs and popovers sit above everything else (docs/product-rules.md#constants). Mirrors `--z-overlay` in
 * app.css.
 */
export const OVERLAY_Z_INDEX = 2000;
