// What the benchmarks measure of a build run as a process of its own (bench-build.ts, bench-eleventy.ts,
// bench-all-cards.ts): its wall time, its peak resident memory (VmHWM, which counts its threads) and its CPU time,
// sampled from /proc until it ends; with `helpers`, also the processes it starts (the share card drawers), counted
// together. Linux only, like the figures in docs/performance.md.
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface TimedProcess {
  /** What it printed, without colour codes. */
  stdout: string;
  seconds: number;
  /** Its own peak (VmHWM). */
  peakMegabytes: number;
  /** User and system time of all its threads (with `helpers`, of the helpers it waited for too). */
  cpuSeconds: number;
  /** With `helpers`: the most resident memory it and its helpers held at once, and the most helpers at once. */
  helpers?: { peakMegabytes: number; most: number };
}

/**
 * Runs `node args…` in `cwd`; rejects with what it printed when it exits non-zero. `helpers`: also sample every
 * process under it (less often: walking the tree costs more than reading one process's figures).
 */
export function timedProcess(args: string[], cwd: string, { helpers = false }: { helpers?: boolean } = {}): Promise<TimedProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let [peak, cpuTicks, treePeak, mostHelpers] = [0, 0, 0, 0];
    const sample = async () => {
      try {
        const [status, stat] = await Promise.all([readFile(`/proc/${child.pid}/status`, "utf8"), readFile(`/proc/${child.pid}/stat`, "utf8")]);
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        // utime and stime, the 14th and 15th fields, counted after the command name (which may hold spaces); then
        // cutime and cstime, the time of the children it waited for (the helpers, once they ended).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        cpuTicks = Math.max(cpuTicks, (helpers ? [11, 12, 13, 14] : [11, 12]).reduce((sum, at) => sum + Number(fields[at]), 0));
        if (!helpers) return;
        const tree = await processTree(child.pid!);
        const sizes = await Promise.all(tree.map(async (pid) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, "utf8").catch(() => ""))?.[1] ?? 0)));
        treePeak = Math.max(treePeak, sizes.reduce((a, b) => a + b, 0));
        mostHelpers = Math.max(mostHelpers, tree.length - 1);
      } catch {
        // The process has ended.
      }
    };
    const timer = setInterval(sample, helpers ? 50 : 20);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      stdout = stdout.replace(/\x1b\[[0-9;]*m/g, "");
      if (code !== 0) return reject(new Error(`${path.basename(args[0]!)} exited with ${code}:\n${stdout}`));
      // Linux counts CPU time in USER_HZ, 100 a second on every architecture Node runs on.
      resolve({
        stdout,
        seconds,
        peakMegabytes: Math.round(peak / 1024),
        cpuSeconds: cpuTicks / 100,
        ...(helpers && { helpers: { peakMegabytes: Math.round(treePeak / 1024), most: mostHelpers } }),
      });
    });
  });
}

/** `pid` and every process under it (started by any of its threads). */
async function processTree(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lists = await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, "utf8").catch(() => "")));
  const children = lists.join(" ").split(" ").filter(Boolean).map(Number);
  return [pid, ...(await Promise.all(children.map(processTree))).flat()];
}
