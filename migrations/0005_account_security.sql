ALTER TABLE `rate_limits` ADD `last_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `blocked_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email_requested_at` integer;