CREATE TABLE `api_idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`route` text NOT NULL,
	`body_hash` text NOT NULL,
	`status` integer,
	`response_body` text,
	`content_type` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_idempotency_keys_created_idx` ON `api_idempotency_keys` (`created_at`);