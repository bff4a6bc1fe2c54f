import type { AppContext } from "../../../context";
import type { PaymentProvider, ProviderName } from "../types";
import { localProvider } from "./local";
import { stripeProvider } from "./stripe";

const PROVIDERS: Record<ProviderName, PaymentProvider> = { local: localProvider, stripe: stripeProvider };

/** The provider that owns an existing subscription (rows keep theirs when PAYMENTS_PROVIDER changes). */
export function providerFor(name: ProviderName): PaymentProvider {
  return PROVIDERS[name];
}

/** The provider new checkouts go through (PAYMENTS_PROVIDER). */
export function checkoutProvider(ctx: AppContext): PaymentProvider {
  return PROVIDERS[ctx.config.paymentsProvider];
}
