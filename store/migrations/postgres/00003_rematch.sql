-- Rematches, for PostgreSQL: the side that offers one after the game ended,
-- and the game that was made of it. docs/storage.md describes every column.

-- +goose Up
ALTER TABLE games ADD COLUMN rematch TEXT NOT NULL DEFAULT '' CHECK (rematch IN ('', 'white', 'black'));
ALTER TABLE games ADD COLUMN rematch_game TEXT;
