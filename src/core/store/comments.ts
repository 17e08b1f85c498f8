/** Comments and their replies: reads, writes and conversations, one file per job. */
export * from './comment-reads.ts';
export * from './comment-writes.ts';
export * from './replies.ts';
export * from './unread.ts';
