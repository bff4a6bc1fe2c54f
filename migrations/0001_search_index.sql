-- Full-text search over lessons (hand-written: drizzle-kit cannot express FTS5 virtual tables).
-- See docs/decisions/005-library-search-fts5.md and server/services/search.ts.
--
-- One row per lesson title, per lesson description and per transcript cue. `keys` holds search keys
-- that are already folded in TypeScript (searchKeysForText: Arabic normalised, romanisation and
-- Arabizi folded to one Latin key), so the stock unicode61 tokenizer only has to split on spaces.
-- Rowids are assigned by the indexer (video id * 2^20 + n) so one lesson's rows are a rowid range.
-- `prefix` keeps search-as-you-type queries ("kif*", "قهو*") on an index instead of a term scan.
CREATE VIRTUAL TABLE `search_index` USING fts5(
  keys,
  video_id UNINDEXED,
  cue_id UNINDEXED,
  kind UNINDEXED,
  start_ms UNINDEXED,
  tokenize = 'unicode61',
  prefix = '2 3'
);
