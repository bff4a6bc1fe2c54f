import { useEffect, useLayoutEffect } from "react";

/** useLayoutEffect in the browser; useEffect while rendering on the server, where the former only warns. */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
