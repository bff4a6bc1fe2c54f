import { z } from "zod";
import { searchTextField } from "./search";

export const MAILING_LIST_PAGE_SIZE = 50;
export const MAILING_LIST_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type MailingListStatus = (typeof MAILING_LIST_STATUSES)[number];

export const mailingListSearchSchema = z.object({
  /** Email or name, contained anywhere; longer than SEARCH_MAX_LENGTH is refused (422). */
  q: searchTextField(),
  status: z
    .enum(["all", ...MAILING_LIST_STATUSES])
    .catch("all")
    .default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type MailingListSearch = z.infer<typeof mailingListSearchSchema>;
