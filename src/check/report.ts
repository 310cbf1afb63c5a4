/** One line of the check's table: a gate, what it looked at, what it found and what it must find. */
export interface GateResult {
  gate: string;
  what: string;
  result: string;
  threshold: string;
  passed: boolean;
  /** What failed, one line each ("/naples/ 375 px: color-contrast …"); printed under the table. */
  problems: string[];
  /** Facts worth listing even when the gate passes (the external links); printed under the table. */
  notes?: string[];
}

/** Shown under the table for each failing gate; the rest is counted. */
const problemsShown = 20;

/** The check's one table (gate, what, result, threshold), then the problems of every failing gate and a verdict. */
export function formatCheckReport(results: GateResult[], outDir: string): string {
  const header = ["Gate", "What", "Result", "Threshold"];
  const rows = results.map((r) => [r.gate, r.what, `${r.passed ? "pass" : "FAIL"}: ${r.result}`, r.threshold]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  const failed = results.filter((r) => !r.passed);
  const lines = [
    `flightsite: quality gates on ${outDir}/`,
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.map(line),
  ];
  for (const result of results.filter((r) => r.notes?.length)) {
    lines.push("", `${result.gate}, ${result.what}:`, ...result.notes!.map((note) => `  ${note}`));
  }
  for (const result of failed) {
    lines.push("", `${result.gate}, ${result.what}:`);
    lines.push(...result.problems.slice(0, problemsShown).map((problem) => `  ${problem}`));
    if (result.problems.length > problemsShown) lines.push(`  … and ${result.problems.length - problemsShown} more`);
  }
  lines.push(
    "",
    failed.length === 0
      ? `flightsite: ${results.length === 1 ? "the check passes" : `all ${results.length} checks pass`}`
      : `flightsite: ${failed.length} of ${results.length} checks fail; fix the pages (templates/, templates/styles/, client/), not the thresholds`,
    "",
  );
  return lines.join("\n");
}

/** A gate that passes when nothing is wrong: "0 errors" against "0 errors". */
export function zeroGate(gate: string, what: string, noun: string, problems: string[]): GateResult {
  return { gate, what, result: count(problems.length, noun), threshold: `0 ${noun}s`, passed: problems.length === 0, problems };
}

/** "1 error", "3 errors". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : plural}`;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
