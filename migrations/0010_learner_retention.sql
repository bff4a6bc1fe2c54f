CREATE TABLE `sign_in_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_hash_unique` ON `sign_in_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sign_in_links_user_idx` ON `sign_in_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `study_days` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`seconds_watched` integer DEFAULT 0 NOT NULL,
	`cards_reviewed` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `users` ADD `goal` text;--> statement-breakpoint
ALTER TABLE `users` ADD `daily_goal_minutes` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `daily_goal_kind` text DEFAULT 'minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `daily_goal_cards` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `dialect_region` text;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `onboarded_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_frequency` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_hour` integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_last_sent_on` text;--> statement-breakpoint
CREATE INDEX `users_reminder_idx` ON `users` (`reminder_frequency`,`reminder_hour`);--> statement-breakpoint
CREATE INDEX `videos_level_country_idx` ON `videos` (`level`,`country_id`,`published_at`);