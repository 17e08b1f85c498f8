/** The persistent store: database, image files and the repositories over them. */
export * from './data-folder.ts';
export * from './database.ts';
export * from './migrations.ts';
export * from './image-store.ts';
export * from './image-intake.ts';
export * from './designs.ts';
export * from './design-likes.ts';
export * from './duplicate-design.ts';
export * from './pages.ts';
export * from './comments.ts';
export * from './reviewers.ts';
export * from './garbage-collection.ts';
export * from './image-collector.ts';
export * from './image-import.ts';
export * from './folder-lock.ts';
export { escapeXml, initialsOf, avatarColour } from './initials-avatar.ts';
