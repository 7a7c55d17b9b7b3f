package dev.rosetta.bench.longsession;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

/**
 * Tokens sent per request across the long session, with and without compaction, drawn with
 * Java2D (headless: no display, no Python) to a PNG. The axis of tokens is logarithmic: without
 * compaction the requests grow twentyfold past the window, with it they stay under the budget,
 * and both must be readable on one chart.
 */
final class TokenChart {

    private static final int WIDTH = 1100;
    private static final int HEIGHT = 560;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int BOTTOM = 70;
    private static final Color WITH = new Color(0x1f, 0x77, 0xb4);
    private static final Color WITHOUT = new Color(0xd6, 0x27, 0x28);
    private static final Color SUMMARY = new Color(0x2c, 0xa0, 0x2c);
    private static final Color GRID = new Color(0xe4, 0xe4, 0xe4);

    /**
     * @param with      tokens of each request the session sent, with compaction (its own requests only)
     * @param summaries request number (in {@code with}) before which a summary was asked, and its tokens
     * @param without   tokens of each request without compaction
     * @param window    the model's context window
     * @param limit     above this the next request is compacted first
     */
    record Series(List<Integer> with, List<int[]> summaries, List<Integer> without, int window, long limit) {}

    private final Series s;
    private final double maxY;
    private final double minY = 1_000;

    TokenChart(Series series) {
        this.s = series;
        double top = Math.max(series.window(), series.without().stream().mapToInt(Integer::intValue).max().orElse(1));
        this.maxY = Math.pow(10, Math.ceil(Math.log10(top)));
    }

    void write(Path png) throws IOException {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        axes(g);
        level(g, s.window(), "context window " + thousands(s.window()), Color.DARK_GRAY, new float[] {6, 4});
        level(g, s.limit(), "compacts above " + thousands(s.limit()), Color.GRAY, new float[] {2, 4});
        line(g, s.without(), WITHOUT);
        line(g, s.with(), WITH);
        g.setColor(SUMMARY);
        for (int[] summary : s.summaries()) {
            int x = x(summary[0]);
            int y = y(summary[1]);
            g.fillOval(x - 4, y - 4, 8, 8);
        }
        legend(g);
        g.dispose();
        Files.createDirectories(png.toAbsolutePath().getParent());
        ImageIO.write(image, "png", png.toFile());
    }

    private int requests() {
        return Math.max(s.with().size(), s.without().size());
    }

    private int x(double request) {
        return LEFT + (int) Math.round((request - 1) / Math.max(1, requests() - 1) * (WIDTH - LEFT - RIGHT));
    }

    private int y(double tokens) {
        double t = Math.log10(Math.max(minY, tokens));
        double frac = (t - Math.log10(minY)) / (Math.log10(maxY) - Math.log10(minY));
        return HEIGHT - BOTTOM - (int) Math.round(frac * (HEIGHT - TOP - BOTTOM));
    }

    private void axes(Graphics2D g) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (double v = minY; v <= maxY; v *= 10) {
            for (int k : new int[] {1, 2, 5}) {
                double t = v * k;
                if (t > maxY) {
                    break;
                }
                g.setColor(GRID);
                g.drawLine(LEFT, y(t), WIDTH - RIGHT, y(t));
                g.setColor(Color.DARK_GRAY);
                String label = thousands((long) t);
                g.drawString(label, LEFT - 8 - g.getFontMetrics().stringWidth(label), y(t) + 4);
            }
        }
        for (int r = 0; r <= requests(); r += 50) {
            int x = x(Math.max(1, r));
            g.setColor(GRID);
            g.drawLine(x, TOP, x, HEIGHT - BOTTOM);
            g.setColor(Color.DARK_GRAY);
            String label = String.valueOf(Math.max(1, r));
            g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, HEIGHT - BOTTOM + 18);
        }
        g.setColor(Color.BLACK);
        g.drawLine(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM);
        g.drawLine(LEFT, TOP, LEFT, HEIGHT - BOTTOM);
        g.drawString("request", (LEFT + WIDTH - RIGHT) / 2 - 20, HEIGHT - 30);
        Graphics2D turned = (Graphics2D) g.create();
        turned.rotate(-Math.PI / 2);
        turned.drawString("tokens sent (log scale)", -(TOP + HEIGHT - BOTTOM) / 2 - 60, 20);
        turned.dispose();
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString("Tokens sent per request: 300 tool calls with large results and reasoning, "
                + thousands(s.window()) + "-token window", LEFT, 32);
    }

    private void level(Graphics2D g, long tokens, String label, Color color, float[] dash) {
        g.setColor(color);
        g.setStroke(new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, dash, 0));
        g.drawLine(LEFT, y(tokens), WIDTH - RIGHT, y(tokens));
        g.setStroke(new BasicStroke(1));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString(label, WIDTH - RIGHT - g.getFontMetrics().stringWidth(label) - 4, y(tokens) - 5);
    }

    private void line(Graphics2D g, List<Integer> tokens, Color color) {
        Path2D path = new Path2D.Double();
        for (int i = 0; i < tokens.size(); i++) {
            if (i == 0) {
                path.moveTo(x(1), y(tokens.get(0)));
            } else {
                path.lineTo(x(i + 1), y(tokens.get(i)));
            }
        }
        g.setColor(color);
        g.setStroke(new BasicStroke(2f));
        g.draw(path);
        g.setStroke(new BasicStroke(1));
    }

    private void legend(Graphics2D g) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        int x = LEFT + 16;
        int y = TOP + 18;
        entry(g, x, y, WITHOUT, "without compaction (every message sent whole)");
        entry(g, x, y + 20, WITH, "with Rosetta's compaction");
        g.setColor(SUMMARY);
        g.fillOval(x + 8, y + 40 - 8, 8, 8);
        g.setColor(Color.BLACK);
        g.drawString("a summarising request (the model writes the summary)", x + 30, y + 40);
    }

    private static void entry(Graphics2D g, int x, int y, Color color, String text) {
        g.setColor(color);
        g.setStroke(new BasicStroke(3f));
        g.drawLine(x, y - 4, x + 22, y - 4);
        g.setStroke(new BasicStroke(1));
        g.setColor(Color.BLACK);
        g.drawString(text, x + 30, y);
    }

    static String thousands(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
