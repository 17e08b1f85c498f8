/**
 * Child process for crash.test.ts: opens the database and writes comments, replies and
 * status changes as fast as it can, printing each one only after its transaction has
 * committed. The test kills it with SIGKILL at a random moment. Runs under plain Node
 * (type stripping): node crash-writer.ts <database file> <page id> <reviewer id>
 */
import fs from 'node:fs';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { addComment, addReply, setCommentStatus } from '../../../../src/core/store/comments.ts';
import { TAGS } from '../../../../src/shared/domain.ts';

const [file, pageId, reviewerId] = process.argv.slice(2) as [string, string, string];
// stdout writes are synchronous, so a printed line means the commit came first.
const say = (line: string) => fs.writeSync(1, `${line}\n`);

const db = openDatabase(file);
say('ready');
// A stray writer (the test died) stops by itself.
const deadline = Date.now() + 20_000;
for (let i = 0; Date.now() < deadline; i++) {
  const comment = addComment(db, {
    pageId,
    reviewerId,
    tag: TAGS[i % TAGS.length]!,
    contents: `Comment ${i} ${'lorem ipsum '.repeat(i % 40)}`,
    x: (i * 7) % 101,
    y: (i * 13) % 101,
  });
  say(`comment ${comment.id}`);
  if (i % 3 === 0) {
    const reply = addReply(db, { commentId: comment.id, reviewerId, contents: `Reply ${i}` });
    say(`reply ${reply.id}`);
  }
  if (i % 5 === 0) {
    setCommentStatus(db, comment.id, reviewerId, 'resolved');
    say(`resolved ${comment.id}`);
  }
}
db.close();
