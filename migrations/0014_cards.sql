-- Cards (docs/cards.md, ADR 036): a note of "My words" is a word or a whole line (sentence), remembers the
-- end of its line, which card types it makes and whether it is suspended; each card type keeps its own FSRS
-- state, so the state tables are rebuilt with `card_type` in their key and every existing row copied as a
-- recognition card.
ALTER TABLE `vocabulary_list_items` ADD `end_ms` integer;--> statement-breakpoint
ALTER TABLE `vocabulary_list_items` ADD `kind` text DEFAULT 'word' NOT NULL;--> statement-breakpoint
ALTER TABLE `vocabulary_list_items` ADD `card_types` text DEFAULT '["recognition"]' NOT NULL;--> statement-breakpoint
ALTER TABLE `vocabulary_list_items` ADD `suspended_at` integer;--> statement-breakpoint
DROP INDEX `vocabulary_list_items_word_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `vocabulary_list_items_word_unique` ON `vocabulary_list_items` (`list_id`,`kind`,`arabic`);--> statement-breakpoint
CREATE TABLE `review_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`new_per_day` integer NOT NULL,
	`reviews_per_day` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `flashcard_review_logs` ADD `card_type` text DEFAULT 'recognition' NOT NULL;--> statement-breakpoint
ALTER TABLE `vocabulary_review_logs` ADD `card_type` text DEFAULT 'recognition' NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_flashcard_states` (
	`user_id` integer NOT NULL,
	`flashcard_id` integer NOT NULL,
	`card_type` text DEFAULT 'recognition' NOT NULL,
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
	PRIMARY KEY(`user_id`, `flashcard_id`, `card_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flashcard_id`) REFERENCES `flashcards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_flashcard_states`("user_id", "flashcard_id", "card_type", "due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review", "created_at", "updated_at") SELECT "user_id", "flashcard_id", 'recognition', "due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review", "created_at", "updated_at" FROM `flashcard_states`;--> statement-breakpoint
DROP TABLE `flashcard_states`;--> statement-breakpoint
ALTER TABLE `__new_flashcard_states` RENAME TO `flashcard_states`;--> statement-breakpoint
CREATE INDEX `flashcard_states_due_idx` ON `flashcard_states` (`user_id`,`due`);--> statement-breakpoint
CREATE TABLE `__new_vocabulary_review_states` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`card_type` text DEFAULT 'recognition' NOT NULL,
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
	PRIMARY KEY(`user_id`, `item_id`, `card_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `vocabulary_list_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_vocabulary_review_states`("user_id", "item_id", "card_type", "due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review", "created_at", "updated_at") SELECT "user_id", "item_id", 'recognition', "due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review", "created_at", "updated_at" FROM `vocabulary_review_states`;--> statement-breakpoint
DROP TABLE `vocabulary_review_states`;--> statement-breakpoint
ALTER TABLE `__new_vocabulary_review_states` RENAME TO `vocabulary_review_states`;--> statement-breakpoint
CREATE INDEX `vocabulary_review_states_due_idx` ON `vocabulary_review_states` (`user_id`,`due`);
