-- Invitations that seat one friend, when players took their seats, and the
-- side of a comment's author, for SQLite. An existing friend's game keeps its
-- seat token (the invitation's hash) and no invite: it works for whoever holds
-- it, as before. docs/storage.md describes every column.

-- +goose Up
ALTER TABLE games ADD COLUMN white_invite BLOB CHECK (white_invite IS NULL OR length(white_invite) = 32);
ALTER TABLE games ADD COLUMN white_joined_ms INTEGER;
ALTER TABLE games ADD COLUMN black_invite BLOB CHECK (black_invite IS NULL OR length(black_invite) = 32);
ALTER TABLE games ADD COLUMN black_joined_ms INTEGER;
ALTER TABLE comments ADD COLUMN side TEXT NOT NULL DEFAULT '' CHECK (side IN ('', 'white', 'black'));
