CREATE TABLE `lemma_forms` (
	`lemma_id` integer NOT NULL,
	`form` text NOT NULL,
	`is_verb` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`lemma_id`) REFERENCES `lemmas`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lemma_forms_unique` ON `lemma_forms` (`form`,`lemma_id`);--> statement-breakpoint
CREATE INDEX `lemma_forms_lemma_idx` ON `lemma_forms` (`lemma_id`);--> statement-breakpoint
CREATE TABLE `lemmas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`arabic` text NOT NULL,
	`arabic_plain` text NOT NULL,
	`transliteration` text NOT NULL,
	`arabizi` text DEFAULT '' NOT NULL,
	`meanings` text DEFAULT '[]' NOT NULL,
	`part_of_speech` text NOT NULL,
	`root` text DEFAULT '' NOT NULL,
	`gender` text,
	`plural` text DEFAULT '' NOT NULL,
	`verb_forms` text,
	`forms` text DEFAULT '[]' NOT NULL,
	`regions` text DEFAULT '{}' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`example_cue_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lemmas_key_unique` ON `lemmas` (`key`);--> statement-breakpoint
CREATE INDEX `lemmas_arabic_plain_idx` ON `lemmas` (`arabic_plain`);--> statement-breakpoint
CREATE TABLE `cue_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cue_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`position` integer NOT NULL,
	`surface` text NOT NULL,
	`lemma_id` integer,
	`gloss` text DEFAULT '' NOT NULL,
	`prefixes` text DEFAULT '[]' NOT NULL,
	`stem` text DEFAULT '' NOT NULL,
	`suffixes` text DEFAULT '[]' NOT NULL,
	`source` text DEFAULT 'analysis' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`cue_id`) REFERENCES `transcript_cues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lemma_id`) REFERENCES `lemmas`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cue_tokens_cue_position_unique` ON `cue_tokens` (`cue_id`,`position`);--> statement-breakpoint
CREATE INDEX `cue_tokens_video_idx` ON `cue_tokens` (`video_id`);--> statement-breakpoint
CREATE INDEX `cue_tokens_lemma_idx` ON `cue_tokens` (`lemma_id`,`video_id`);--> statement-breakpoint
CREATE TABLE `lesson_lemmas` (
	`video_id` integer NOT NULL,
	`lemma_id` integer NOT NULL,
	`occurrences` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`video_id`, `lemma_id`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lemma_id`) REFERENCES `lemmas`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_lemmas_lemma_idx` ON `lesson_lemmas` (`lemma_id`);--> statement-breakpoint
CREATE TABLE `member_lemmas` (
	`user_id` integer NOT NULL,
	`lemma_id` integer NOT NULL,
	`status` text NOT NULL,
	`known_at` integer,
	`batch_id` text,
	`previous_status` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lemma_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lemma_id`) REFERENCES `lemmas`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_lemmas_user_status_idx` ON `member_lemmas` (`user_id`,`status`);--> statement-breakpoint
ALTER TABLE `video_vocabulary` ADD `lemma_id` integer REFERENCES lemmas(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `video_vocabulary_lemma_idx` ON `video_vocabulary` (`lemma_id`);--> statement-breakpoint
ALTER TABLE `global_vocabulary_words` ADD `lemma_id` integer REFERENCES lemmas(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `global_vocabulary_words_lemma_idx` ON `global_vocabulary_words` (`lemma_id`);