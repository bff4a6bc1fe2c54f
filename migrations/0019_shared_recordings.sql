CREATE TABLE `shared_recordings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`cue_id` integer NOT NULL,
	`key` text NOT NULL,
	`mime_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `community_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_recordings_key_unique` ON `shared_recordings` (`key`);--> statement-breakpoint
CREATE INDEX `shared_recordings_user_idx` ON `shared_recordings` (`user_id`);--> statement-breakpoint
CREATE INDEX `shared_recordings_message_idx` ON `shared_recordings` (`message_id`);