// What the benchmarks measure of a build run as a process of its own (bench-build.ts, bench-eleventy.ts): its wall
// time, its peak resident memory (VmHWM, which counts its threads) and its CPU time, sampled from /proc every 20 ms
// until it ends. Linux only, like the figures in the README.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";

export interface TimedProcess {
  /** What it printed, without colour codes. */
  stdout: string;
  seconds: number;
  peakMegabytes: number;
  /** User and system time of all its threads. */
  cpuSeconds: number;
}

/** Runs `node args…` in `cwd`; rejects with what it printed when it exits non-zero. */
export function timedProcess(args: string[], cwd: string): Promise<TimedProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let peak = 0;
    let cpuTicks = 0;
    const sample = async () => {
      try {
        const [status, stat] = await Promise.all([readFile(`/proc/${child.pid}/status`, "utf8"), readFile(`/proc/${child.pid}/stat`, "utf8")]);
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        // utime and stime, the 14th and 15th fields, counted after the command name (which may hold spaces).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        cpuTicks = Math.max(cpuTicks, Number(fields[11]) + Number(fields[12]));
      } catch {
        // The process has ended.
      }
    };
    const timer = setInterval(sample, 20);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      stdout = stdout.replace(/\x1b\[[0-9;]*m/g, "");
      if (code !== 0) return reject(new Error(`${path.basename(args[0]!)} exited with ${code}:\n${stdout}`));
      // Linux counts CPU time in USER_HZ, 100 a second on every architecture Node runs on.
      resolve({ stdout, seconds, peakMegabytes: Math.round(peak / 1024), cpuSeconds: cpuTicks / 100 });
    });
  });
}
