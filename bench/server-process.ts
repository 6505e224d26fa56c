/** A server process of the benches: started with Node as npm starts it, stopped with SIGTERM. */
import { spawn } from 'node:child_process';
import { ROOT } from '../scripts/paths.ts';

export interface ServerProcess {
  pid: number;
  /** The address it said it is ready on, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Sends SIGTERM and resolves once the process has ended. */
  stop: () => Promise<void>;
}

/** Runs `node …args` in the repository on a free port; resolves once it says it is ready. */
export async function startServerProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on (\S+)\n/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`exited (${code}): ${output}`)));
  });
  return {
    pid: child.pid ?? 0,
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
