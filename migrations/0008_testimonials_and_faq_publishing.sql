CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote` text NOT NULL,
	`name` text NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`context` text DEFAULT '' NOT NULL,
	`phrase_arabic` text,
	`phrase_meaning` text,
	`consent_at` integer,
	`is_published` integer DEFAULT false NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `faqs` ADD `is_published` integer DEFAULT true NOT NULL;