CREATE INDEX `videos_published_views_idx` ON `videos` (`is_published`,`views_count`);--> statement-breakpoint
CREATE INDEX `videos_published_duration_idx` ON `videos` (`is_published`,`duration_seconds`);--> statement-breakpoint
CREATE INDEX `videos_library_filters_idx` ON `videos` (`is_published`,`level`,`is_free`,`duration_seconds`,`country_id`);