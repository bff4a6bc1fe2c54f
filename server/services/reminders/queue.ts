import { z } from "zod";
import { createAppContext } from "../../context";
import type { Env } from "../../env";
import { deliverReminders } from "./delivery";

// The REMINDERS queue's consumer: each message checked, then delivered.

/** Members per queue message: what one consumer invocation handles (a D1 claim and a mail each). */
export const REMINDER_BATCH_SIZE = 100;
/** Queue retries wait this long, so a provider that refused (rate limit, outage) has time to recover. */
const RETRY_DELAY_SECONDS = 300;

const queueMessageSchema = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(REMINDER_BATCH_SIZE),
  at: z.iso.datetime(),
});

/**
 * The Worker's `queue` handler (server/index.ts). Each message is checked (a malformed one is dropped: a
 * retry cannot mend it), delivered, and acknowledged; when the provider refused someone, the message is
 * retried later and only those members, whose claim was released, get their mail then.
 */
export async function handleReminderQueue(
  env: Env,
  batch: Pick<MessageBatch<unknown>, "messages">,
  options: { onError?: (error: unknown, context: Record<string, unknown>) => void } = {},
): Promise<void> {
  const ctx = createAppContext(env);
  for (const message of batch.messages) {
    const parsed = queueMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`reminders: dropped a malformed queue message (${message.id})`);
      message.ack();
      continue;
    }
    try {
      const report = await deliverReminders(ctx, parsed.data);
      if (report.failed > 0) message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    } catch (error) {
      console.error(`reminders: a queue message failed (${message.id})`, error);
      options.onError?.(error, { queueMessageId: message.id, attempts: message.attempts });
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}
