/** SPEC §9: hover menus wait before opening so a passing pointer does not flash them open. */
export const MENU_OPEN_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 250;
/** SPEC §9: menus, dialogs and popovers sit above everything else. Mirrors `--z-overlay` in app.css. */
export const OVERLAY_Z_INDEX = 2000;
