/**
 * The performance report. {@link io.jgo.bench.report.ReportRun} runs the macro comparison (jgo,
 * Loom, platform threads, and Go when a {@code go} toolchain is on the PATH) into a CSV of raw
 * results ({@link io.jgo.bench.macro.ResultsCsv}), then the extra measurements
 * ({@link io.jgo.bench.report.Extras}) into raw files beside it: JMH's own JSON for the continuation
 * and fast-path benchmarks, and small CSVs ({@link io.jgo.bench.report.ExtrasCsv}) for the heap per
 * parked goroutine by depth ({@link io.jgo.bench.report.FootprintRuns}) and the start-up to a first
 * line ({@link io.jgo.bench.report.StartupRuns}). {@link io.jgo.bench.report.Report} turns whatever
 * raw files a folder holds into {@code REPORT.md} ({@link io.jgo.bench.report.Markdown}, with
 * {@link io.jgo.bench.report.ExtrasMarkdown} and {@link io.jgo.bench.report.JmhSections} for the
 * extras; a missing file is "not measured") and PNG charts beside it
 * ({@link io.jgo.bench.report.Charts} for bars, {@link io.jgo.bench.report.CurveCharts} for curves
 * by depth on log axes; both drawn with JFreeChart). Measuring and writing are separate so a report
 * can be rewritten from kept raw files, and the generator is tested on fixed ones.
 *
 * <h2>Processes</h2>
 * Every figure comes from a fresh JVM started from the report's own {@code java} and class path
 * (JMH's forks, the macro trials, the footprint and start-up children); the report's JVM only
 * orchestrates, reads and writes.
 */
package io.jgo.bench.report;
