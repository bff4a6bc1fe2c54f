import { Link, useLocation, type LinkProps } from "@remix-run/react";

/**
 * A link to the plans from something a subscription unlocks: the checkout brings the member back to this page
 * after paying (`?redirect=`, checked again by the checkout; docs/product-rules.md#a-paywall-with-context).
 */
export function CheckoutLink(props: Omit<LinkProps, "to">) {
  const { pathname, search } = useLocation();
  return <Link {...props} to={`/checkout?redirect=${encodeURIComponent(`${pathname}${search}`)}`} />;
}
