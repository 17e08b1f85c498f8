import type { DatabaseSync } from 'node:sqlite';
import { createSigner, generateKeyPair } from '../../src/core/packages/signing.ts';
import {
  commentRecordOf,
  reviewerRecordOf,
  statusRecordOf,
} from '../../src/core/store/record-rows.ts';
import type { CommentRow, ReviewerRow } from '../../src/core/store/records.ts';
import { transaction } from '../../src/core/store/index.ts';
import type { SeededDesign } from './seed.ts';

/**
 * Makes a seeded design look as if its comments had arrived from their authors' machines:
 * the local user owns it, every other reviewer gets a key pair (pinned), and every comment
 * and status of theirs carries their signature. Not timed: the signing is the authors'.
 */
export function signSeededDesign(db: DatabaseSync, design: SeededDesign, ownerId: string): void {
  transaction(db, () => {
    db.prepare('UPDATE designs SET owner_id = ? WHERE id = ?').run(ownerId, design.id);
    const signers = new Map<string, ReturnType<typeof createSigner>>();
    const reviewer = db.prepare('SELECT * FROM reviewers WHERE id = ?');
    const pin = db.prepare('UPDATE reviewers SET public_key = ?, sig = ? WHERE id = ?');
    for (const id of design.reviewerIds) {
      const keys = generateKeyPair();
      const sign = createSigner(keys);
      signers.set(id, sign);
      const row = { ...(reviewer.get(id) as unknown as ReviewerRow), public_key: keys.publicKey };
      const { sig: _none, ...fields } = reviewerRecordOf(row)!;
      pin.run(keys.publicKey, sign('reviewer', design.id, fields).sig, id);
    }
    const rows = db
      .prepare('SELECT * FROM comments WHERE design_id = ?')
      .all(design.id) as unknown as CommentRow[];
    const update = db.prepare(
      `UPDATE comments SET sig = ?, status_by = ?, status_created = ?, status_updated = ?,
         status_sig = ? WHERE id = ?`,
    );
    for (const row of rows) {
      const sign = signers.get(row.reviewer_id)!;
      const { sig: _a, ...comment } = commentRecordOf(row);
      let status: { by: string; at: string; sig: string } | null = null;
      if (row.status === 'resolved') {
        const { sig: _b, ...record } = statusRecordOf({
          ...row,
          status_by: row.reviewer_id,
          status_created: row.updated_hlc,
          status_updated: row.updated_hlc,
        })!;
        status = {
          by: row.reviewer_id,
          at: row.updated_hlc,
          sig: sign('status', design.id, record).sig,
        };
      }
      update.run(
        sign('comment', design.id, comment).sig,
        status?.by ?? null,
        status?.at ?? null,
        status?.at ?? null,
        status?.sig ?? null,
        row.id,
      );
    }
  });
}
