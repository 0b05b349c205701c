package org.cachelinebench.results;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Histogram;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * Reads JMH's {@code -rf json} output (the format of JMH 1.37's {@code JSONResultFormat}) into {@link JmhResult}s.
 *
 * <p>JMH writes numbers that are not finite as the strings {@code "NaN"}, {@code "+INF"} and {@code "-INF"}
 * (for example {@code scoreError} when a benchmark had two or fewer iterations); those are read back as doubles.
 * The JSON itself is parsed strictly (RFC 8259): a file JMH wrote always is. Every problem becomes an
 * {@link UnusableInputException} whose one-line message names the file and, where it helps, the JSON path
 * ({@code $[2].primaryMetric.rawData[0][3]}).
 */
public final class JmhResultReader {
    private JmhResultReader() {}

    /** Reads a JMH result file. */
    public static List<JmhResult> read(Path file) throws UnusableInputException {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new UnusableInputException(name + ": is a directory, not a JMH result file");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UnusableInputException(name + ": no such file");
        } catch (AccessDeniedException e) {
            throw new UnusableInputException(name + ": cannot read (permission denied)");
        } catch (MalformedInputException e) {
            throw new UnusableInputException(name + ": cannot read: not UTF-8 text");
        } catch (IOException e) {
            throw new UnusableInputException(name + ": cannot read: " + e);
        }
        return parse(name, new StringReader(FormerNames.current(text)));
    }

    /**
     * Results of JMH's Runner API ({@code new Runner(options).run()}), for callers that compare without writing a
     * file. They go through JMH's own JSON writer, so they are read exactly as a {@code -rf json} file would be.
     */
    public static List<JmhResult> fromRunResults(Collection<RunResult> results) throws UnusableInputException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        out.flush();
        return parse("JMH run results", new StringReader(bytes.toString(StandardCharsets.UTF_8)));
    }

    /** Parses JMH result JSON; {@code name} is used in error messages. */
    public static List<JmhResult> parse(String name, Reader json) throws UnusableInputException {
        JsonElement root;
        try {
            JsonReader reader = new JsonReader(json);
            reader.setStrictness(Strictness.STRICT);
            try {
                reader.peek();
            } catch (EOFException e) {
                throw new UnusableInputException(name + ": empty file, not a JMH result array");
            }
            root = JsonParser.parseReader(reader);
            boolean more;
            try {
                more = reader.peek() != JsonToken.END_DOCUMENT;
            } catch (MalformedJsonException e) {
                more = true; // strict mode refuses a second top-level value
            }
            if (more) {
                throw new UnusableInputException(name + ": malformed JSON: more data after the JSON value "
                        + location(reader));
            }
        } catch (JsonParseException | IOException e) {
            throw new UnusableInputException(name + ": malformed JSON: " + gsonMessage(e));
        }
        if (!root.isJsonArray()) {
            throw new UnusableInputException(name + ": not a JMH result array (the top level is "
                    + kind(root) + ", JMH writes an array)");
        }
        JsonArray entries = root.getAsJsonArray();
        if (entries.isEmpty()) {
            throw new UnusableInputException(name + ": no results (an empty JMH result array)");
        }
        List<JmhResult> results = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            results.add(entry(name, "$[" + i + "]", entries.get(i)));
        }
        return results;
    }

    private static JmhResult entry(String file, String path, JsonElement e) throws UnusableInputException {
        if (!e.isJsonObject()) {
            throw new UnusableInputException(file + ": not a JMH result array: " + path + " is " + kind(e)
                    + ", not an object");
        }
        JsonObject o = e.getAsJsonObject();
        String benchmark = string(file, path, o, "benchmark", null);
        String where = path + " (" + benchmark + ")";
        String modeLabel = string(file, where, o, "mode", null);
        Mode mode = Mode.ofLabel(modeLabel);
        if (mode == null) {
            throw new UnusableInputException(file + ": " + where + ": unknown mode \"" + modeLabel
                    + "\" (JMH writes thrpt, avgt, sample or ss)");
        }
        int threads = o.has("threads") ? (int) number(file, where + ".threads", o.get("threads")) : -1;

        SortedMap<String, String> params = new TreeMap<>();
        if (o.has("params")) {
            JsonObject p = object(file, where, o, "params");
            for (Map.Entry<String, JsonElement> param : p.entrySet()) {
                JsonElement v = param.getValue();
                if (!v.isJsonPrimitive()) {
                    throw new UnusableInputException(file + ": " + where + ".params." + param.getKey()
                            + " is " + kind(v) + ", not a value");
                }
                params.put(param.getKey(), v.getAsString());
            }
        }

        if (!o.has("primaryMetric")) {
            throw new UnusableInputException(file + ": " + where + ": no primaryMetric");
        }
        Metric primary = metric(file, where + ".primaryMetric", object(file, where, o, "primaryMetric"), true);

        SortedMap<String, Metric> secondary = new TreeMap<>();
        if (o.has("secondaryMetrics")) {
            JsonObject s = object(file, where, o, "secondaryMetrics");
            for (Map.Entry<String, JsonElement> m : s.entrySet()) {
                String mpath = where + ".secondaryMetrics[\"" + m.getKey() + "\"]";
                if (!m.getValue().isJsonObject()) {
                    throw new UnusableInputException(file + ": " + mpath + " is " + kind(m.getValue())
                            + ", not a metric object");
                }
                secondary.put(m.getKey(), metric(file, mpath, m.getValue().getAsJsonObject(), false));
            }
        }
        Jvm jvm = new Jvm(optionalString(o, "jvm"), jvmArgs(o), optionalString(o, "jdkVersion"),
                optionalString(o, "vmName"), optionalString(o, "vmVersion"), optionalString(o, "jmhVersion"));
        Header header = new Header(benchmark, mode, threads, params,
                new Iterations(optionalInt(o, "warmupIterations"), optionalString(o, "warmupTime")),
                new Iterations(optionalInt(o, "measurementIterations"), optionalString(o, "measurementTime")), jvm);
        return new JmhResult(header, primary, secondary);
    }

    private static Metric metric(String file, String path, JsonObject m, boolean primary)
            throws UnusableInputException {
        if (!m.has("score")) {
            throw new UnusableInputException(file + ": " + path + ": no score");
        }
        double score = number(file, path + ".score", m.get("score"));
        double error = m.has("scoreError") ? number(file, path + ".scoreError", m.get("scoreError")) : Double.NaN;
        String unit = string(file, path, m, "scoreUnit", null);
        if (m.has("rawDataHistogram")) {
            return histogram(file, path + ".rawDataHistogram", m.get("rawDataHistogram"), score, error, unit);
        }
        if (!m.has("rawData")) {
            if (primary) {
                throw new UnusableInputException(file + ": " + path + ": neither rawData nor rawDataHistogram");
            }
            return new Metric(score, error, unit, new double[0][], null);
        }
        String rpath = path + ".rawData";
        JsonArray forks = array(file, rpath, m.get("rawData"));
        double[][] raw = new double[forks.size()][];
        for (int f = 0; f < forks.size(); f++) {
            JsonArray its = array(file, rpath + "[" + f + "]", forks.get(f));
            raw[f] = new double[its.size()];
            for (int i = 0; i < its.size(); i++) {
                raw[f][i] = number(file, rpath + "[" + f + "][" + i + "]", its.get(i));
            }
        }
        return new Metric(score, error, unit, raw, null);
    }

    /** {@code [fork][iteration][bucket] = [value, count]}: each iteration becomes the mean of its samples. */
    private static Metric histogram(String file, String path, JsonElement h, double score, double error, String unit)
            throws UnusableInputException {
        JsonArray forks = array(file, path, h);
        double[][][] values = new double[forks.size()][][];
        long[][][] counts = new long[forks.size()][][];
        for (int f = 0; f < forks.size(); f++) {
            JsonArray its = array(file, path + "[" + f + "]", forks.get(f));
            values[f] = new double[its.size()][];
            counts[f] = new long[its.size()][];
            for (int i = 0; i < its.size(); i++) {
                String ipath = path + "[" + f + "][" + i + "]";
                JsonArray buckets = array(file, ipath, its.get(i));
                values[f][i] = new double[buckets.size()];
                counts[f][i] = new long[buckets.size()];
                for (int b = 0; b < buckets.size(); b++) {
                    String bpath = ipath + "[" + b + "]";
                    JsonArray pair = array(file, bpath, buckets.get(b));
                    if (pair.size() != 2) {
                        throw new UnusableInputException(file + ": " + bpath + " has " + pair.size()
                                + " elements, expected [value, count]");
                    }
                    double value = number(file, bpath + "[0]", pair.get(0));
                    double count = number(file, bpath + "[1]", pair.get(1));
                    if (!(count >= 0) || count != Math.rint(count)) {
                        throw new UnusableInputException(file + ": " + bpath + "[1] is " + pair.get(1)
                                + ", not a sample count");
                    }
                    values[f][i][b] = value;
                    counts[f][i][b] = (long) count;
                }
            }
        }
        Histogram histogram = new Histogram(values, counts);
        return new Metric(score, error, unit, histogram.means(), histogram);
    }

    /** A JSON number, or one of the strings JMH writes for non-finite doubles. */
    static double number(String file, String path, JsonElement e) throws UnusableInputException {
        if (e.isJsonPrimitive()) {
            JsonPrimitive p = e.getAsJsonPrimitive();
            if (p.isNumber()) {
                return p.getAsDouble();
            }
            if (p.isString()) {
                switch (p.getAsString()) {
                    case "NaN":
                        return Double.NaN;
                    case "+INF":
                    case "INF":
                        return Double.POSITIVE_INFINITY;
                    case "-INF":
                        return Double.NEGATIVE_INFINITY;
                    default:
                        break;
                }
            }
        }
        throw new UnusableInputException(file + ": " + path + " is " + shortText(e)
                + ", not a number (nor \"NaN\", \"+INF\", \"-INF\")");
    }

    private static String string(String file, String path, JsonObject o, String field, String dflt)
            throws UnusableInputException {
        JsonElement e = o.get(field);
        if (e == null) {
            if (dflt != null) {
                return dflt;
            }
            throw new UnusableInputException(file + ": " + path + ": no " + field
                    + (field.equals("benchmark") ? " (not a JMH result entry)" : ""));
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new UnusableInputException(file + ": " + path + "." + field + " is " + shortText(e)
                    + ", not a string");
        }
        return e.getAsString();
    }

    private static String optionalString(JsonObject o, String field) {
        JsonElement e = o.get(field);
        return e != null && e.isJsonPrimitive() ? e.getAsString() : "";
    }

    private static int optionalInt(JsonObject o, String field) {
        JsonElement e = o.get(field);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() ? e.getAsInt() : -1;
    }

    private static List<String> jvmArgs(JsonObject o) {
        JsonElement e = o.get("jvmArgs");
        if (e == null || !e.isJsonArray()) {
            return List.of();
        }
        List<String> args = new ArrayList<>();
        for (JsonElement a : e.getAsJsonArray()) {
            args.add(a.isJsonPrimitive() ? a.getAsString() : a.toString());
        }
        return args;
    }

    private static JsonObject object(String file, String path, JsonObject o, String field)
            throws UnusableInputException {
        JsonElement e = o.get(field);
        if (!e.isJsonObject()) {
            throw new UnusableInputException(file + ": " + path + "." + field + " is " + kind(e)
                    + ", not an object");
        }
        return e.getAsJsonObject();
    }

    private static JsonArray array(String file, String path, JsonElement e) throws UnusableInputException {
        if (!e.isJsonArray()) {
            throw new UnusableInputException(file + ": " + path + " is " + shortText(e) + ", not an array");
        }
        return e.getAsJsonArray();
    }

    private static String kind(JsonElement e) {
        if (e.isJsonArray()) {
            return "an array";
        }
        if (e.isJsonObject()) {
            return "an object";
        }
        if (e.isJsonNull()) {
            return "null";
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        return p.isString() ? "a string" : p.isNumber() ? "a number" : "a boolean";
    }

    private static String shortText(JsonElement e) {
        if (e.isJsonArray() || e.isJsonObject()) {
            return kind(e);
        }
        String s = e.toString();
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    private static String location(JsonReader reader) {
        // JsonReader's toString is "JsonReader at line L column C path P".
        String s = reader.toString();
        int at = s.indexOf(" at line ");
        return at < 0 ? "" : s.substring(at + 1);
    }

    /** Gson's message without its "See https://..." troubleshooting line. */
    private static String gsonMessage(Exception e) {
        Throwable t = e;
        while (t instanceof JsonParseException && t.getCause() != null) { // Gson wraps the reader's exception
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        int see = m.indexOf("\nSee ");
        m = see < 0 ? m : m.substring(0, see);
        // Gson's word for a syntax error in strict mode is advice we do not want to give.
        return m.replace("Use JsonReader.setStrictness(Strictness.LENIENT) to accept malformed JSON", "syntax error");
    }
}
