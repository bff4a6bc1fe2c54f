CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`resource` text NOT NULL,
	`record_id` text,
	`record_label` text DEFAULT '' NOT NULL,
	`subject_user_id` integer,
	`changes` text DEFAULT '{}' NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subject_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_record_idx` ON `admin_audit_log` (`resource`,`record_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_actor_idx` ON `admin_audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_subject_idx` ON `admin_audit_log` (`subject_user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `provider_refund_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `is_complimentary` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `unit_amount_cents` integer;