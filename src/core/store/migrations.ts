import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';
import { transaction } from './transaction.ts';

/** One step of the schema: moves a database from version N-1 to version N. */
export type Migration = (db: DatabaseSync) => void;

/*
 * Migrations are frozen: each one writes the schema of its version as it shipped, with
 * every value spelled out here, never read from today's constants (a tag added to TAGS
 * later needs a migration of its own, not a change to version 1).
 */

/**
 * Version 1, the review model of the samples: designs with ordered pages, people, and
 * comments pinned to a page. People are global so one person keeps one identity
 * across designs.
 */
function v1ReviewModel(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE designs (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    CREATE TABLE pages (
      id TEXT PRIMARY KEY NOT NULL,
      design_id TEXT NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      position INTEGER NOT NULL CHECK (position >= 0),
      image_hash TEXT NOT NULL,
      image_ext TEXT NOT NULL CHECK (image_ext IN ('png', 'jpg', 'webp')),
      width INTEGER NOT NULL CHECK (width > 0),
      height INTEGER NOT NULL CHECK (height > 0),
      thumb_hash TEXT NOT NULL,
      elements TEXT NULL CHECK (elements IS NULL OR json_valid(elements)),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX pages_by_design ON pages (design_id, position);

    CREATE TABLE reviewers (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('peer', 'expert')),
      avatar_hash TEXT NULL,
      created_at TEXT NOT NULL
    );

    CREATE TABLE comments (
      id TEXT PRIMARY KEY NOT NULL,
      design_id TEXT NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
      page_id TEXT NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
      reviewer_id TEXT NOT NULL REFERENCES reviewers (id),
      tag TEXT NOT NULL CHECK (tag IN ('header', 'main', 'logo', 'list', 'footer', 'nav', 'button',
        'form', 'image')),
      contents TEXT NOT NULL,
      x REAL NOT NULL CHECK (x BETWEEN 0 AND 100),
      y REAL NOT NULL CHECK (y BETWEEN 0 AND 100),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX comments_by_page ON comments (page_id, created_at);
    CREATE INDEX comments_by_design ON comments (design_id, reviewer_id);
    CREATE INDEX comments_by_reviewer ON comments (reviewer_id);
  `);
}

/**
 * Version 2, conversations and the local profile: comments get a status (existing ones
 * are open), replies answer comments, and settings remember who the local user is.
 */
function v2Conversations(db: DatabaseSync): void {
  db.exec(`
    ALTER TABLE comments
      ADD COLUMN status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved'));

    CREATE TABLE replies (
      id TEXT PRIMARY KEY NOT NULL,
      comment_id TEXT NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
      reviewer_id TEXT NOT NULL REFERENCES reviewers (id),
      contents TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX replies_by_comment ON replies (comment_id, created_at);
    CREATE INDEX replies_by_reviewer ON replies (reviewer_id);

    CREATE TABLE settings (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL
    );
  `);
}

/**
 * Version 3, opening big designs: the design index also holds each comment's id, so
 * finding everyone who replied in a design (a join from the design's comments to their
 * replies) reads the index alone instead of every comment row. It replaces the old
 * index rather than adding one, so inserting comments costs no more than before.
 */
function v3DesignIndexCoversIds(db: DatabaseSync): void {
  db.exec(`
    DROP INDEX comments_by_design;
    CREATE INDEX comments_by_design ON comments (design_id, reviewer_id, id);
  `);
}

/**
 * Version 4, review packages (docs/review-package.md). This device gets an id, and every
 * design, page, reviewer, comment and reply a hybrid logical clock stamp for its creation
 * and last change (`*_hlc`, sortable text) and room for its author's signature. Designs
 * get an owner (the local user, where there is one), reviewers a pinned public key and an
 * avatar type, comments their status as a register of its own (who set it, when, signed),
 * a stable pin number and an unread flag (replies too). Deletions are kept as tombstones,
 * and records kept but not shown (comments on a deleted page, replies to a deleted
 * comment) as their signed JSON. Existing rows get stamps from their ISO times, counter 0,
 * with this device's id; comments are numbered in creation order on their page.
 */
function v4ReviewPackages(db: DatabaseSync): void {
  const stampOf = (column: string) =>
    `printf('%015d.000000.%s', CAST(strftime('%s', ${column}) AS INTEGER) * 1000 +
       CAST(substr(${column}, 21, 3) AS INTEGER), (SELECT value FROM settings WHERE key = 'device_id'))`;
  const stamped = (table: string) => `
    ALTER TABLE ${table} ADD COLUMN created_hlc TEXT NOT NULL DEFAULT '';
    ALTER TABLE ${table} ADD COLUMN updated_hlc TEXT NOT NULL DEFAULT '';
    ALTER TABLE ${table} ADD COLUMN sig TEXT NULL;`;
  const backfill = (table: string, updated = 'updated_at') => `
    UPDATE ${table} SET created_hlc = ${stampOf('created_at')}, updated_hlc = ${stampOf(updated)};`;
  db.exec(`
    INSERT INTO settings (key, value) VALUES ('device_id', lower(hex(randomblob(16))))
      ON CONFLICT (key) DO NOTHING;
    ${stamped('designs')}
    ALTER TABLE designs ADD COLUMN owner_id TEXT NULL REFERENCES reviewers (id);
    ${stamped('pages')}
    ${stamped('reviewers')}
    ALTER TABLE reviewers ADD COLUMN public_key TEXT NULL;
    ALTER TABLE reviewers ADD COLUMN avatar_ext TEXT NULL
      CHECK (avatar_ext IS NULL OR avatar_ext IN ('png', 'jpg', 'webp'));
    ${stamped('comments')}
    ALTER TABLE comments ADD COLUMN status_by TEXT NULL REFERENCES reviewers (id);
    ALTER TABLE comments ADD COLUMN status_created TEXT NULL;
    ALTER TABLE comments ADD COLUMN status_updated TEXT NULL;
    ALTER TABLE comments ADD COLUMN status_sig TEXT NULL;
    ALTER TABLE comments ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE comments ADD COLUMN unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1));
    ${stamped('replies')}
    ALTER TABLE replies ADD COLUMN unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1));

    CREATE TABLE tombstones (
      id TEXT PRIMARY KEY NOT NULL,
      design_id TEXT NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('page', 'comment', 'reply')),
      author TEXT NULL,
      page_id TEXT NULL,
      number INTEGER NULL,
      created_hlc TEXT NOT NULL,
      updated_hlc TEXT NOT NULL,
      sig TEXT NULL
    );
    CREATE INDEX tombstones_by_design ON tombstones (design_id);
    CREATE INDEX tombstones_by_page ON tombstones (page_id, number);

    CREATE TABLE kept_records (
      id TEXT NOT NULL,
      design_id TEXT NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('comment', 'reply', 'status')),
      record TEXT NOT NULL CHECK (json_valid(record)),
      PRIMARY KEY (kind, id)
    );
    CREATE INDEX kept_records_by_design ON kept_records (design_id);

    ${backfill('designs')}
    ${backfill('pages')}
    ${backfill('reviewers', 'created_at')}
    ${backfill('comments')}
    ${backfill('replies')}
    UPDATE designs SET owner_id = (SELECT value FROM settings WHERE key = 'local_reviewer_id')
      WHERE EXISTS (SELECT 1 FROM reviewers WHERE id =
        (SELECT value FROM settings WHERE key = 'local_reviewer_id'));
    UPDATE comments SET status_by = COALESCE(
        (SELECT r.id FROM reviewers r WHERE r.id =
          (SELECT value FROM settings WHERE key = 'local_reviewer_id')), reviewer_id),
      status_created = updated_hlc, status_updated = updated_hlc
      WHERE status = 'resolved';
    UPDATE comments SET number = numbered.n FROM (
      SELECT id, ROW_NUMBER() OVER (PARTITION BY page_id ORDER BY created_hlc, id) AS n
      FROM comments) AS numbered WHERE comments.id = numbered.id;
    INSERT INTO settings (key, value)
      SELECT 'hlc_last', latest FROM (SELECT MAX(stamp) AS latest FROM (
        SELECT MAX(updated_hlc) AS stamp FROM designs UNION ALL
        SELECT MAX(updated_hlc) FROM pages UNION ALL
        SELECT MAX(updated_hlc) FROM reviewers UNION ALL
        SELECT MAX(updated_hlc) FROM comments UNION ALL
        SELECT MAX(updated_hlc) FROM replies))
      WHERE latest IS NOT NULL
      ON CONFLICT (key) DO NOTHING;

    DROP INDEX comments_by_page;
    CREATE INDEX comments_by_page ON comments (page_id, number);
  `);
}

/**
 * Captured pages and element anchors. A captured page remembers its source (address and
 * width: a new capture of both replaces its image) and a note (cut at the height limit).
 * A comment remembers its element: selector, the pin's offset inside it (0–1 of its box),
 * and whether a re-capture lost it. `shown_x`/`shown_y` are where a re-capture moved
 * someone else's signed pin here; they count while `shown_for` equals `updated_hlc`, so a
 * later change of the record (a merge) takes over. All local: none of it is in packages.
 */
function v5CaptureAnchors(db: DatabaseSync): void {
  db.exec(`
    ALTER TABLE pages ADD COLUMN source_address TEXT NULL;
    ALTER TABLE pages ADD COLUMN source_width INTEGER NULL
      CHECK (source_width IS NULL OR source_width BETWEEN 200 AND 3600);
    ALTER TABLE pages ADD COLUMN capture_note TEXT NULL;
    CREATE INDEX pages_by_source ON pages (design_id, source_address, source_width)
      WHERE source_address IS NOT NULL;

    ALTER TABLE comments ADD COLUMN anchor_selector TEXT NULL;
    ALTER TABLE comments ADD COLUMN anchor_x REAL NULL
      CHECK (anchor_x IS NULL OR anchor_x BETWEEN 0 AND 1);
    ALTER TABLE comments ADD COLUMN anchor_y REAL NULL
      CHECK (anchor_y IS NULL OR anchor_y BETWEEN 0 AND 1);
    ALTER TABLE comments ADD COLUMN anchor_gone INTEGER NOT NULL DEFAULT 0
      CHECK (anchor_gone IN (0, 1));
    ALTER TABLE comments ADD COLUMN shown_x REAL NULL
      CHECK (shown_x IS NULL OR shown_x BETWEEN 0 AND 100);
    ALTER TABLE comments ADD COLUMN shown_y REAL NULL
      CHECK (shown_y IS NULL OR shown_y BETWEEN 0 AND 100);
    ALTER TABLE comments ADD COLUMN shown_for TEXT NULL;
  `);
}

/**
 * Likes and edit marks: each person likes a design at most once (the key says so), a
 * like goes with its design, and a comment records when its text or tag last changed
 * after posting (null for a comment never edited; moves and resolutions leave it).
 */
function v6DesignLikes(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE design_likes (
      design_id TEXT NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
      reviewer_id TEXT NOT NULL REFERENCES reviewers (id),
      created_at TEXT NOT NULL,
      PRIMARY KEY (design_id, reviewer_id)
    );
    CREATE INDEX design_likes_by_reviewer ON design_likes (reviewer_id);

    ALTER TABLE comments ADD COLUMN edited_at TEXT NULL;
  `);
}

/** Every schema version in order: entry i takes a database to version i + 1. */
export const MIGRATIONS: readonly Migration[] = [
  v1ReviewModel,
  v2Conversations,
  v3DesignIndexCoversIds,
  v4ReviewPackages,
  v5CaptureAnchors,
  v6DesignLikes,
];

/** The newest schema version this build of Crit knows. */
export const LATEST_VERSION = MIGRATIONS.length;

/** The schema version recorded in the database (0 for a new, empty one). */
export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}

/**
 * Refuses a database written by a newer version of Crit, without writing to it:
 * its schema may hold things this version would misread or destroy.
 */
export function assertMigratable(db: DatabaseSync): void {
  const version = schemaVersion(db);
  if (version > LATEST_VERSION) {
    throw new CritError(
      'conflict',
      `This database was written by a newer version of Crit (schema ${version}; this version knows up to ${LATEST_VERSION}). Nothing was changed.`,
    );
  }
}

/**
 * Brings the database to schema version `target`, one migration per transaction, each
 * recording its version in `PRAGMA user_version` as part of the same transaction, so a
 * crash leaves the database at a whole version. Going backwards is refused.
 */
export function migrateTo(db: DatabaseSync, target: number): void {
  if (!Number.isInteger(target) || target < 0 || target > LATEST_VERSION) {
    throw new RangeError(`No schema version ${target}; versions run 0..${LATEST_VERSION}.`);
  }
  assertMigratable(db);
  const start = schemaVersion(db);
  if (target < start) {
    throw new RangeError(`The database is at schema ${start}; it cannot go back to ${target}.`);
  }
  for (let version = start + 1; version <= target; version++) {
    transaction(db, () => {
      // Another process may have migrated while this one waited for the lock.
      if (schemaVersion(db) >= version) return;
      (MIGRATIONS[version - 1] as Migration)(db);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
}

/** Brings the database to the newest schema version. */
export function migrate(db: DatabaseSync): void {
  migrateTo(db, LATEST_VERSION);
}
