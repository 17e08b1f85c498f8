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
  /**
   * Largest review package `packages.open` takes, in bytes. Browser mode sends it as
   * base64 inside JSON, 4/3 of its size, which must stay under the HTTP server's body
   * limit for that call (`maxBodyFor` in src/server/body.ts).
   */
  packageBytes: 180 * 1024 * 1024,
} as const;
