CREATE TABLE `lesson_lemma_sets` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`lemma_ids` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `member_lemma_sets` (
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`lemma_ids` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`user_id`, `status`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The sets follow their tables in the same statement (docs/decisions/050-lemma-sets-and-one-history-read.md). A delete
-- whose lesson or member is itself being deleted skips the rewrite: their set row goes by cascade anyway.
CREATE TRIGGER `lesson_lemmas_set_insert` AFTER INSERT ON `lesson_lemmas` BEGIN
	INSERT INTO `lesson_lemma_sets` (`video_id`, `lemma_ids`) VALUES (new.`video_id`, json_array(new.`lemma_id`))
	ON CONFLICT (`video_id`) DO UPDATE SET `lemma_ids` = json_insert(`lemma_ids`, '$[#]', new.`lemma_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `lesson_lemmas_set_delete` AFTER DELETE ON `lesson_lemmas`
WHEN EXISTS (SELECT 1 FROM `videos` WHERE `id` = old.`video_id`) BEGIN
	UPDATE `lesson_lemma_sets`
	SET `lemma_ids` = (SELECT json_group_array(`value`) FROM json_each(`lemma_ids`) WHERE `value` <> old.`lemma_id`)
	WHERE `video_id` = old.`video_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `lesson_lemmas_set_update` AFTER UPDATE OF `video_id`, `lemma_id` ON `lesson_lemmas` BEGIN
	UPDATE `lesson_lemma_sets`
	SET `lemma_ids` = (SELECT json_group_array(`value`) FROM json_each(`lemma_ids`) WHERE `value` <> old.`lemma_id`)
	WHERE `video_id` = old.`video_id`;
	INSERT INTO `lesson_lemma_sets` (`video_id`, `lemma_ids`) VALUES (new.`video_id`, json_array(new.`lemma_id`))
	ON CONFLICT (`video_id`) DO UPDATE SET `lemma_ids` = json_insert(`lemma_ids`, '$[#]', new.`lemma_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_lemmas_set_insert` AFTER INSERT ON `member_lemmas` BEGIN
	INSERT INTO `member_lemma_sets` (`user_id`, `status`, `lemma_ids`) VALUES (new.`user_id`, new.`status`, json_array(new.`lemma_id`))
	ON CONFLICT (`user_id`, `status`) DO UPDATE SET `lemma_ids` = json_insert(`lemma_ids`, '$[#]', new.`lemma_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `member_lemmas_set_delete` AFTER DELETE ON `member_lemmas`
WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = old.`user_id`) BEGIN
	UPDATE `member_lemma_sets`
	SET `lemma_ids` = (SELECT json_group_array(`value`) FROM json_each(`lemma_ids`) WHERE `value` <> old.`lemma_id`)
	WHERE `user_id` = old.`user_id` AND `status` = old.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `member_lemmas_set_update` AFTER UPDATE OF `user_id`, `lemma_id`, `status` ON `member_lemmas`
WHEN old.`status` <> new.`status` OR old.`lemma_id` <> new.`lemma_id` OR old.`user_id` <> new.`user_id` BEGIN
	UPDATE `member_lemma_sets`
	SET `lemma_ids` = (SELECT json_group_array(`value`) FROM json_each(`lemma_ids`) WHERE `value` <> old.`lemma_id`)
	WHERE `user_id` = old.`user_id` AND `status` = old.`status`;
	INSERT INTO `member_lemma_sets` (`user_id`, `status`, `lemma_ids`) VALUES (new.`user_id`, new.`status`, json_array(new.`lemma_id`))
	ON CONFLICT (`user_id`, `status`) DO UPDATE SET `lemma_ids` = json_insert(`lemma_ids`, '$[#]', new.`lemma_id`);
END;
--> statement-breakpoint
-- Filled from the tables as they stand.
INSERT INTO `lesson_lemma_sets` (`video_id`, `lemma_ids`)
SELECT `video_id`, json_group_array(`lemma_id`) FROM `lesson_lemmas` GROUP BY `video_id`;
--> statement-breakpoint
INSERT INTO `member_lemma_sets` (`user_id`, `status`, `lemma_ids`)
SELECT `user_id`, `status`, json_group_array(`lemma_id`) FROM `member_lemmas` GROUP BY `user_id`, `status`;
