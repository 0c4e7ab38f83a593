/**
 * The performance report: {@link io.jgo.bench.report.ReportRun} runs the macro comparison (jgo,
 * Loom, platform threads, and Go when a {@code go} toolchain is on the PATH) into a CSV of raw
 * results ({@link io.jgo.bench.macro.ResultsCsv}); {@link io.jgo.bench.report.Report} turns such a
 * CSV into {@code REPORT.md} ({@link io.jgo.bench.report.Markdown}) and PNG charts beside it
 * ({@link io.jgo.bench.report.Charts}, drawn with JFreeChart). The two halves are separate so a
 * report can be rewritten from a kept CSV, and the generator is tested on a fixed one.
 */
package io.jgo.bench.report;
