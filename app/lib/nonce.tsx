import { createContext, useContext } from "react";

// Browsers hide a nonce from the DOM once the policy applies, so only the server render has a value;
// after hydration React keeps the attributes it found and the empty default is never written out.
const NonceContext = createContext("");

/** Given the request's Content-Security-Policy nonce by app/entry.server.tsx. */
export const NonceProvider = NonceContext.Provider;

/** The nonce every inline or module script of the document must carry. */
export function useNonce() {
  return useContext(NonceContext);
}
