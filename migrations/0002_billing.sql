ALTER TABLE `invoices` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `receipt_url` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `pending_plan_id` integer REFERENCES plans(id);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `renewal_reminder_sent_for` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `synced_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `version` integer DEFAULT 0 NOT NULL;