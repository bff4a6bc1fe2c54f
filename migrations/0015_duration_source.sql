-- Where a lesson's duration came from (core/duration-source.ts, ADR 041): read from the media ("media", "browser") or
-- typed by hand ("typed", every existing row: the publishing checklist asks to re-read it from the video).
ALTER TABLE `videos` ADD `duration_source` text DEFAULT 'typed' NOT NULL;