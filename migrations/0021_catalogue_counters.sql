CREATE TABLE `catalogue_counters` (
	`kind` text NOT NULL,
	`ref` text DEFAULT '' NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `ref`)
);
--> statement-breakpoint
CREATE INDEX `catalogue_counters_kind_value_idx` ON `catalogue_counters` (`kind`,`value`);--> statement-breakpoint
CREATE INDEX `videos_free_published_idx` ON `videos` (`is_published`,`is_free`,`published_at`) WHERE "videos"."video_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `videos_starter_idx` ON `videos` (`is_published`,`is_free`,`level`,`published_at`);--> statement-breakpoint
-- The counters of the catalogue as it stands (server/services/catalog/counters.ts recountStatements, the same SQL).
WITH lesson_groups AS MATERIALIZED (
      SELECT "videos"."level" AS level, "videos"."is_free" AS is_free, "videos"."country_id" AS country_id, count(*) AS n
      FROM "videos" WHERE "videos"."is_published" = 1
      GROUP BY "videos"."level", "videos"."is_free", "videos"."country_id"
    ),
    teacher_lessons AS MATERIALIZED (
      SELECT "video_teachers"."teacher_id" AS teacher_id, count(*) AS n
      FROM "video_teachers" INNER JOIN "videos" ON "videos"."id" = "video_teachers"."video_id" AND "videos"."is_published" = 1
      GROUP BY "video_teachers"."teacher_id"
    ),
    country_lessons AS MATERIALIZED (
      SELECT country_id, sum(n) AS n FROM lesson_groups WHERE country_id IS NOT NULL GROUP BY country_id
    )
      INSERT INTO "catalogue_counters" (kind, ref, value, updated_at)
      SELECT kind, ref, value, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM (
    SELECT fixed.column1 AS kind, fixed.column2 AS ref, coalesce(CASE fixed.column1
        WHEN 'lessons' THEN (SELECT sum(n) FROM lesson_groups)
        WHEN 'free' THEN (SELECT sum(n) FROM lesson_groups WHERE is_free = 1)
        WHEN 'level' THEN (SELECT sum(n) FROM lesson_groups WHERE lesson_groups.level = fixed.column2)
        WHEN 'countries' THEN (SELECT count(*) FROM country_lessons)
        WHEN 'teachers' THEN (SELECT count(*) FROM teacher_lessons)
      END, 0) AS value
      FROM (VALUES ('lessons', ''), ('free', ''), ('countries', ''), ('teachers', ''), ('level', 'beginner'), ('level', 'intermediate'), ('level', 'advanced')) AS fixed
    UNION ALL SELECT 'country', CAST("countries"."id" AS TEXT), coalesce(country_lessons.n, 0)
      FROM "countries" LEFT JOIN country_lessons ON country_lessons.country_id = "countries"."id"
    UNION ALL SELECT 'teacher', CAST("teachers"."id" AS TEXT), coalesce(teacher_lessons.n, 0)
      FROM "teachers" LEFT JOIN teacher_lessons ON teacher_lessons.teacher_id = "teachers"."id") WHERE true
      ON CONFLICT (kind, ref) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
      WHERE "catalogue_counters"."value" <> excluded.value;
