ALTER TABLE `video_progress` ADD `credited_position_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `video_progress` ADD `credited_at` integer;--> statement-breakpoint
-- Existing rows settle at their stored place, so the first save after this migration is credited as before.
UPDATE `video_progress` SET `credited_position_seconds` = `position_seconds`, `credited_at` = `updated_at`;
