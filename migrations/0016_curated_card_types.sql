-- Curated collections' cards per member (docs/cards.md, ADR 042): which card types a collection's cards make for
-- a member, and which of its cards the member suspended. No row: recognition only, not suspended.
CREATE TABLE `flashcard_suspensions` (
	`user_id` integer NOT NULL,
	`flashcard_id` integer NOT NULL,
	`suspended_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `flashcard_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flashcard_id`) REFERENCES `flashcards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `flashcollection_card_types` (
	`user_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`card_types` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `collection_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `flashcollections`(`id`) ON UPDATE no action ON DELETE cascade
);
