/** The results table (terminal and RESULTS.md) and the results.json document. */

export interface Row {
  measure: string;
  ours: string;
  baseline: string;
  /** ours ÷ baseline (or baseline ÷ ours where stated in the measure), null when not compared. */
  ratio: number | null;
  target: string;
  /** null: reported, not checked against a target. */
  pass: boolean | null;
}

export interface SectionResult {
  title: string;
  /** What "ours" and "baseline" are in this section. */
  ours: string;
  baseline: string;
  rows: Row[];
  /** Every raw number behind the rows, for results.json. */
  data: unknown;
}

/** A section that needs PostgreSQL, on a machine without its server. */
export function skippedWithoutPostgres(title: string): SectionResult {
  return {
    title,
    ours: "",
    baseline: "",
    rows: [
      {
        measure: title,
        ours: "skipped: no PostgreSQL (npm run bench starts one where it is installed)",
        baseline: "",
        ratio: null,
        target: "",
        pass: null,
      },
    ],
    data: { skipped: true },
  };
}

export interface Machine {
  date: string;
  nproc: number;
  cpu: string;
  memory: string;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started. */
  loadAverage: number[];
}

function formatRatio(value: number | null): string {
  if (value === null) return "";
  if (!Number.isFinite(value)) return "∞";
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(2)}×`;
}

function verdict(pass: boolean | null): string {
  if (pass === null) return "";
  return pass ? "✅" : "❌";
}

export function markdownTable(sections: readonly SectionResult[]): string {
  const lines: string[] = [];
  for (const section of sections) {
    lines.push(`### ${section.title}`, "");
    lines.push(`Ours: ${section.ours}. Baseline: ${section.baseline}.`, "");
    lines.push("| Measure | Ours | Baseline | Ratio | Target | |");
    lines.push("| --- | ---: | ---: | ---: | --- | --- |");
    for (const row of section.rows) {
      const cells = [
        row.measure,
        row.ours,
        row.baseline,
        formatRatio(row.ratio),
        row.target,
        verdict(row.pass),
      ];
      lines.push(`| ${cells.join(" | ")} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

export function machineLine(machine: Machine): string {
  return `${machine.date} — ${machine.nproc} CPUs (${machine.cpu}), ${machine.memory} RAM, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage.join(" / ")} at the start`;
}

export function resultsMarkdown(machine: Machine, sections: readonly SectionResult[]): string {
  const failed = sections.flatMap((s) => s.rows).filter((row) => row.pass === false);
  return [
    "# Benchmark results",
    "",
    `Measured by \`npm run bench\` on ${machineLine(machine)}.`,
    "Ratios compare numbers measured side by side in the same run; absolute times drift between",
    "machines and runs.",
    "",
    failed.length === 0
      ? "Every target holds."
      : `Targets missed: ${failed.map((row) => row.measure).join("; ")}.`,
    "",
    markdownTable(sections),
  ].join("\n");
}

export function resultsJson(
  machine: Machine,
  mode: string,
  sections: Readonly<Record<string, SectionResult>>,
): string {
  const checks = Object.entries(sections).flatMap(([section, result]) =>
    result.rows
      .filter((row) => row.pass !== null)
      .map((row) => ({
        section,
        measure: row.measure,
        ratio: row.ratio,
        target: row.target,
        pass: row.pass,
      })),
  );
  return `${JSON.stringify({ machine, mode, sections, checks }, null, 2)}\n`;
}
