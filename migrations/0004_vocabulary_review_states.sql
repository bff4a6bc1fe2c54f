CREATE TABLE `vocabulary_review_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	`request_id` text NOT NULL,
	`previous_state` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `vocabulary_list_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vocabulary_review_logs_request_unique` ON `vocabulary_review_logs` (`user_id`,`request_id`);--> statement-breakpoint
CREATE INDEX `vocabulary_review_logs_user_idx` ON `vocabulary_review_logs` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE TABLE `vocabulary_review_states` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`elapsed_days` integer NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer DEFAULT 0 NOT NULL,
	`reps` integer NOT NULL,
	`lapses` integer NOT NULL,
	`state` integer NOT NULL,
	`last_review` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `vocabulary_list_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vocabulary_review_states_due_idx` ON `vocabulary_review_states` (`user_id`,`due`);--> statement-breakpoint
ALTER TABLE `flashcard_review_logs` ADD `previous_state` text;--> statement-breakpoint
CREATE INDEX `flashcard_review_logs_user_idx` ON `flashcard_review_logs` (`user_id`,`reviewed_at`);