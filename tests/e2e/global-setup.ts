import { execFileSync } from 'node:child_process';

/** Builds the app once so every test serves the same renderer (browser mode serves out/renderer). */
export default function globalSetup(): void {
  if (process.env.CRIT_SKIP_BUILD === '1') return;
  execFileSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
}
