CREATE TABLE `video_streams` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`version` text,
	`renditions` text DEFAULT '[]' NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
