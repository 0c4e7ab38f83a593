package io.jgo.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JMH's own JSON results ({@code -rf json -rff FILE}), read with Gson: per benchmark, its class,
 * method, parameters, score, error (JMH's 99.9 % half-width; NaN when JMH could not give one, as
 * with a single iteration) and unit; and the settings it ran with (forks, warm-up and measurement
 * iterations, JDK). A benchmark that failed is absent from JMH's file, so it is absent here.
 */
final class JmhResults {

    /** One benchmark's primary result. */
    record Score(String className, String method, Map<String, String> params, double score, double error, String unit) {

        /** The parameter as an int, or -1 when the benchmark has no such parameter. */
        int intParam(String name) {
            String v = params.get(name);
            return v == null ? -1 : Integer.parseInt(v);
        }
    }

    private final List<Score> scores;
    /** How each benchmark method ran ({@code class.method} to its settings' text): a joined file has several. */
    private final Map<String, String> settingsByMethod;

    private JmhResults(List<Score> scores, Map<String, String> settingsByMethod) {
        this.scores = scores;
        this.settingsByMethod = settingsByMethod;
    }

    /** @throws IllegalArgumentException naming the file and what is wrong, for a file that is not JMH's JSON */
    static JmhResults read(Path json) throws IOException {
        List<Score> scores = new ArrayList<>();
        Map<String, String> byMethod = new LinkedHashMap<>();
        try (Reader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            JsonElement root = JsonParser.parseReader(in);
            if (!root.isJsonArray()) {
                throw new IllegalArgumentException(json + ": not JMH's JSON results (expected an array of benchmarks)");
            }
            int i = 0;
            for (JsonElement e : root.getAsJsonArray()) {
                i++;
                try {
                    JsonObject b = e.getAsJsonObject();
                    String name = b.get("benchmark").getAsString();
                    int dot = name.lastIndexOf('.');
                    Map<String, String> params = new LinkedHashMap<>();
                    if (b.has("params")) {
                        b.getAsJsonObject("params").entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
                    }
                    JsonObject primary = b.getAsJsonObject("primaryMetric");
                    scores.add(new Score(name.substring(0, dot), name.substring(dot + 1), params, number(primary.get("score")),
                            number(primary.get("scoreError")), primary.get("scoreUnit").getAsString()));
                    byMethod.put(name, settings(b));
                } catch (RuntimeException bad) { // a missing member, a wrong type
                    throw new IllegalArgumentException(json + ": benchmark " + i + " is not as JMH writes it: " + bad, bad);
                }
            }
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(json + ": not JSON: " + e.getMessage(), e);
        }
        return new JmhResults(List.copyOf(scores), Map.copyOf(byMethod));
    }

    /** Every score, in the file's order. */
    List<Score> all() {
        return scores;
    }

    /** The scores of one benchmark class (its full name), in the file's order. */
    List<Score> of(String className) {
        return scores.stream().filter(s -> s.className().equals(className)).toList();
    }

    /** How the benchmarks ran, one text per distinct setting (normally one), in the file's order. */
    Set<String> settings() {
        return settingsOf(scores);
    }

    /** How the given scores' benchmarks ran, one text per distinct setting, in the scores' order. */
    Set<String> settingsOf(List<Score> of) {
        Set<String> out = new LinkedHashSet<>();
        for (Score sc : of) {
            String text = settingsByMethod.get(sc.className() + "." + sc.method());
            if (text != null) {
                out.add(text);
            }
        }
        return out;
    }

    /** JMH writes NaN and infinities as strings. */
    private static double number(JsonElement e) {
        return e == null || e.isJsonNull() ? Double.NaN : Double.parseDouble(e.getAsString());
    }

    private static String settings(JsonObject b) {
        String jdk = b.has("jdkVersion") ? "JDK " + b.get("jdkVersion").getAsString()
                + (b.has("vmName") ? " (" + b.get("vmName").getAsString() + ")" : "") : "JDK not recorded";
        int forks = b.get("forks").getAsInt();
        return String.format("%d fork%s, %d × %s warm-up, %d × %s measured, %s", forks, forks == 1 ? "" : "s",
                b.get("warmupIterations").getAsInt(), b.get("warmupTime").getAsString(),
                b.get("measurementIterations").getAsInt(), b.get("measurementTime").getAsString(), jdk);
    }
}
