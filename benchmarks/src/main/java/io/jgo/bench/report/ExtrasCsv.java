package io.jgo.bench.report;

import io.jgo.bench.macro.ResultsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small CSVs of the extra measurements (footprint, start-up): {@code # key: value} lines that
 * describe the run, a header line naming the columns, then one line per run, fields quoted as
 * {@link ResultsCsv} quotes them. Read back by column name; a file with other columns, or a line
 * with another field count, is an error naming the file and the line.
 */
final class ExtrasCsv {

    /** What a file holds: its {@code #} lines in order and its rows, each a map from column to field. */
    record Contents(Map<String, String> meta, List<Map<String, String>> rows) {
    }

    private ExtrasCsv() {
    }

    static void write(Path file, Map<String, String> meta, List<String> columns, List<List<String>> rows) throws IOException {
        List<String> lines = new ArrayList<>();
        meta.forEach((k, v) -> lines.add("# " + k + ": " + v.replace('\n', ' ')));
        lines.add(String.join(",", columns));
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + file.getFileName() + " has " + row.size() + " fields for "
                        + columns.size() + " columns: " + row);
            }
            lines.add(String.join(",", row.stream().map(ResultsCsv::field).toList()));
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** @throws IllegalArgumentException naming the file and line, for a file that is not one of {@code columns} */
    static Contents read(Path file, List<String> columns) throws IOException {
        Map<String, String> meta = new LinkedHashMap<>();
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        boolean header = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank()) {
                continue;
            }
            if (ResultsCsv.readMeta(line, meta)) {
                continue;
            }
            List<String> fields = ResultsCsv.split(line);
            if (!header) {
                if (!fields.equals(columns)) {
                    throw new IllegalArgumentException(file + " line " + (n + 1) + ": expected the header \""
                            + String.join(",", columns) + "\", found \"" + line + "\"");
                }
                header = true;
                continue;
            }
            if (fields.size() != columns.size()) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": expected " + columns.size() + " fields, found "
                        + fields.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                row.put(columns.get(i), fields.get(i));
            }
            rows.add(row);
        }
        if (!header) {
            throw new IllegalArgumentException(file + ": no header line \"" + String.join(",", columns) + "\"");
        }
        return new Contents(meta, rows);
    }
}
