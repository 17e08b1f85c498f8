/** Length limits shared by the user interface (to say them) and main (to enforce them). */
export const LIMITS = {
  designName: 120,
  designDescription: 2000,
  pageName: 120,
  commentText: 5000,
  replyText: 5000,
  profileName: 80,
  /** Most image files one import call may carry, in bytes (the image rules are in main). */
  imageBytes: 40 * 1024 * 1024,
} as const;
