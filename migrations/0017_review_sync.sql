ALTER TABLE `flashcard_review_logs` ADD `device` text;--> statement-breakpoint
ALTER TABLE `vocabulary_review_logs` ADD `device` text;