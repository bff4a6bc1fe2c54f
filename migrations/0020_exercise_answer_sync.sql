ALTER TABLE `exercise_attempts` ADD `request_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `exercise_attempts_request_unique` ON `exercise_attempts` (`user_id`,`request_id`);