// The bodies of the Worker's queue messages. server/env.ts types its queue bindings with them, so they
// live apart from the services that send and read them (env.ts imports no service).

/** One REMINDERS queue message: up to 100 members and the instant the cron ran for (their day and hour at it). */
export interface ReminderQueueMessage {
  userIds: number[];
  at: string;
}
