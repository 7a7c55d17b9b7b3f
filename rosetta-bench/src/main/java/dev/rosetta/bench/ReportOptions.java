package dev.rosetta.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.rosetta.core.dialect.ToolFormat;

/**
 * What {@link BenchmarkReport} runs, from its command line.
 *
 * @param quick      a smoke run: one short iteration per benchmark, numbers not to be quoted
 * @param kinds      the message kinds to run
 * @param formats    the formats to run
 * @param splitSizes sizes for batch vs stream4 (default 1 MiB and 8 MiB)
 * @param naiveSizes sizes for the naive baseline (default 64 KiB and 256 KiB)
 * @param out        also write the Markdown report here, or null
 */
record ReportOptions(boolean quick, List<MessageKind> kinds, List<ToolFormat> formats, List<Integer> splitSizes,
        List<Integer> naiveSizes, Path out) {

    static final String USAGE = """
            Runs the splitter benchmarks (JMH) and prints a Markdown report.

              --quick               smoke run: 3 warmup + 1 measurement iteration of 1 s (naive: 1 message);
                                    checks that everything runs, the numbers are not a measurement
              --kinds=K,...         prose, many_calls, huge_save (default: all)
              --formats=F,...       markdown, xml, tool, mistral, … (default: all)
              --split-sizes=S,...   sizes for batch vs stream4, e.g. 1M,8M (default); none to skip
              --naive-sizes=S,...   sizes for naive vs stream4, e.g. 64K,256K (default); none to skip
              --out=FILE            also write the report to FILE
              --help                this text
            """;

    static ReportOptions parse(String... args) {
        boolean quick = false;
        List<MessageKind> kinds = List.of(MessageKind.values());
        List<ToolFormat> formats = List.of(ToolFormat.values());
        List<Integer> splitSizes = List.of(Messages.SIZE_1M, Messages.SIZE_8M);
        List<Integer> naiveSizes = List.of(Messages.SIZE_64K, Messages.SIZE_256K);
        Path out = null;
        for (String arg : args) {
            String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : "";
            switch (arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg) {
                case "--quick" -> quick = true;
                case "--kinds" -> kinds = list(value).stream().map(k -> MessageKind.valueOf(k.toUpperCase(Locale.ROOT))).toList();
                case "--formats" -> formats = list(value).stream().map(ToolFormat::of).toList();
                case "--split-sizes" -> splitSizes = list(value).stream().map(ReportOptions::size).toList();
                case "--naive-sizes" -> naiveSizes = list(value).stream().map(ReportOptions::size).toList();
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n\n" + USAGE);
            }
        }
        return new ReportOptions(quick, kinds, formats, splitSizes, naiveSizes, out);
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty() && !s.equals("none"))
                .toList();
    }

    /** "64K", "1M", "8m" or a number of chars. */
    static int size(String text) {
        String s = text.strip().toUpperCase(Locale.ROOT).replace("IB", "");
        if (s.endsWith("K")) {
            return Integer.parseInt(s.substring(0, s.length() - 1)) * Messages.KIB;
        }
        if (s.endsWith("M")) {
            return Integer.parseInt(s.substring(0, s.length() - 1)) * Messages.MIB;
        }
        return Integer.parseInt(s);
    }

    /** "1 MiB", "64 KiB", or chars. */
    static String sizeName(int chars) {
        if (chars % Messages.MIB == 0) {
            return chars / Messages.MIB + " MiB";
        }
        return chars % Messages.KIB == 0 ? chars / Messages.KIB + " KiB" : chars + " chars";
    }
}
