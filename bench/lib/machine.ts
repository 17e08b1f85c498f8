import os from 'node:os';

/** The machine a run was measured on. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  chromium: string;
}

/** Describes this machine; `chromium` is the browser version the run used. */
export function describeMachine(chromium: string): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
  };
}

/** One line for the README. */
export function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}, Chromium ${m.chromium}`;
}
