package dev.rosetta.agent.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The leaderboard as one HTML page that needs nothing else: its style, its sorting script and its
 * chart (SVG) are in the page, so it opens from disk, offline, in any browser.
 */
final class ReportPage {

    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1b9e77", "#7570b3"};

    private ReportPage() {}

    static String html(Leaderboard board) {
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<title>Rosetta eval leaderboard</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}")
                .append("table{border-collapse:collapse;margin:1em 0}th,td{padding:.3em .7em;border-bottom:1px solid #ddd;")
                .append("text-align:right}th{cursor:pointer;background:#f4f4f4;user-select:none}")
                .append("td:nth-child(-n+2),th:nth-child(-n+2){text-align:left}tr.best td{font-weight:bold}")
                .append("th.asc::after{content:' \\25B2'}th.desc::after{content:' \\25BC'}")
                .append(".note{color:#666}\n</style></head><body>\n")
                .append("<h1>Rosetta eval leaderboard</h1>\n<p class=\"note\">Pass rate per model and tool format;")
                .append(" the latest result per task; ranked by the Wilson lower bound (z = 1); pairs with fewer than ")
                .append(Leaderboard.MIN_TASKS).append(" tasks are left out. Click a heading to sort.</p>\n");
        out.append(chart(board));
        out.append("<table id=\"board\"><thead><tr>");
        for (String h : List.of("model", "format", "tasks", "passed", "runs", "pass rate", "lower bound", "mean score",
                "cost per pass", "format adherence", "drifted into", "unreadable")) {
            out.append("<th>").append(h).append("</th>");
        }
        out.append("</tr></thead><tbody>\n");
        Map<String, Leaderboard.Pair> best = board.best();
        for (Leaderboard.Pair p : board.pairs()) {
            out.append(best.get(p.model()) == p ? "<tr class=\"best\">" : "<tr>");
            cell(out, p.model(), p.model());
            cell(out, p.format() + (best.get(p.model()) == p ? " ★" : ""), p.format());
            cell(out, String.valueOf(p.tasks()), p.tasks());
            cell(out, String.valueOf(p.passed()), p.passed());
            cell(out, String.valueOf(p.runs()), p.runs());
            cell(out, Report.percent(p.passRate()), p.passRate());
            cell(out, Report.fixed(p.lowerBound()), p.lowerBound());
            cell(out, Report.fixed(p.meanScore()), p.meanScore());
            cell(out, Report.dollars(p.costPerPass()), p.costPerPass() == null ? -1 : p.costPerPass());
            cell(out, Report.percent(p.adherence()), p.adherence() == null ? -1 : p.adherence());
            cell(out, Report.drift(p.driftedInto()), Report.drift(p.driftedInto()));
            cell(out, String.valueOf(p.unreadable()), p.unreadable());
            out.append("</tr>\n");
        }
        out.append("</tbody></table>\n");
        if (!board.leftOut().isEmpty()) {
            out.append("<p class=\"note\">Left out (fewer than ").append(Leaderboard.MIN_TASKS).append(" tasks): ");
            List<String> names = new ArrayList<>();
            board.leftOut().forEach(p -> names.add(escape(p.model() + "@" + p.format()) + " (" + p.tasks() + ")"));
            out.append(String.join(", ", names)).append("</p>\n");
        }
        out.append(SCRIPT).append("</body></html>\n");
        return out.toString();
    }

    private static void cell(StringBuilder out, String shown, Object sortKey) {
        out.append("<td data-v=\"").append(escape(String.valueOf(sortKey))).append("\">").append(escape(shown))
                .append("</td>");
    }

    /** Grouped bars: one group per model, one bar per format, the pass rate with its lower bound as a tick. */
    private static String chart(Leaderboard board) {
        List<String> models = board.pairs().stream().map(Leaderboard.Pair::model).distinct().toList();
        List<String> formats = board.pairs().stream().map(Leaderboard.Pair::format).distinct().sorted().toList();
        if (models.isEmpty()) {
            return "<p>No model and format has enough results yet.</p>\n";
        }
        int bar = 18;
        int gap = 24;
        int group = formats.size() * bar + gap;
        int height = 220;
        int left = 40;
        int width = left + models.size() * group + 20;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg role=\"img\" aria-label=\"pass rate per format per model\" width=\"").append(width)
                .append("\" height=\"").append(height + 90).append("\" xmlns=\"http://www.w3.org/2000/svg\"")
                .append(" font-size=\"11\">\n");
        for (int pct = 0; pct <= 100; pct += 25) {
            int y = height - pct * height / 100 + 10;
            svg.append("<line x1=\"").append(left).append("\" x2=\"").append(width).append("\" y1=\"").append(y)
                    .append("\" y2=\"").append(y).append("\" stroke=\"#eee\"/><text x=\"2\" y=\"").append(y + 4)
                    .append("\">").append(pct).append("%</text>\n");
        }
        for (int m = 0; m < models.size(); m++) {
            int x0 = left + m * group + gap / 2;
            for (Leaderboard.Pair p : board.of(models.get(m))) {
                int f = formats.indexOf(p.format());
                int x = x0 + f * bar;
                int h = (int) Math.round(p.passRate() * height);
                int lb = height - (int) Math.round(p.lowerBound() * height) + 10;
                svg.append("<rect x=\"").append(x).append("\" y=\"").append(height - h + 10).append("\" width=\"")
                        .append(bar - 2).append("\" height=\"").append(h).append("\" fill=\"")
                        .append(COLOURS[f % COLOURS.length]).append("\"><title>")
                        .append(escape(p.model() + " @ " + p.format() + ": " + p.passed() + "/" + p.runs()
                                + String.format(Locale.ROOT, ", lower bound %.3f", p.lowerBound())))
                        .append("</title></rect><line x1=\"").append(x).append("\" x2=\"").append(x + bar - 2)
                        .append("\" y1=\"").append(lb).append("\" y2=\"").append(lb)
                        .append("\" stroke=\"#000\" stroke-width=\"2\"/>\n");
            }
            svg.append("<text x=\"").append(x0).append("\" y=\"").append(height + 26).append("\">")
                    .append(escape(models.get(m))).append("</text>\n");
        }
        for (int f = 0; f < formats.size(); f++) {
            int x = left + f * 110;
            svg.append("<rect x=\"").append(x).append("\" y=\"").append(height + 50).append("\" width=\"10\" height=\"10\"")
                    .append(" fill=\"").append(COLOURS[f % COLOURS.length]).append("\"/><text x=\"").append(x + 14)
                    .append("\" y=\"").append(height + 59).append("\">").append(escape(formats.get(f)))
                    .append("</text>\n");
        }
        svg.append("<text x=\"").append(left).append("\" y=\"").append(height + 80)
                .append("\">bar: pass rate · black tick: Wilson lower bound</text>\n</svg>\n");
        return svg.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String SCRIPT = """
            <script>
            (function () {
              var table = document.getElementById('board');
              var heads = table.tHead.rows[0].cells;
              Array.prototype.forEach.call(heads, function (th, col) {
                th.addEventListener('click', function () {
                  var asc = !th.classList.contains('asc');
                  Array.prototype.forEach.call(heads, function (h) { h.classList.remove('asc', 'desc'); });
                  th.classList.add(asc ? 'asc' : 'desc');
                  var body = table.tBodies[0];
                  var rows = Array.prototype.slice.call(body.rows);
                  rows.sort(function (a, b) {
                    var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v;
                    var nx = parseFloat(x), ny = parseFloat(y);
                    var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
                    return asc ? c : -c;
                  });
                  rows.forEach(function (r) { body.appendChild(r); });
                });
              });
            })();
            </script>
            """;
}
