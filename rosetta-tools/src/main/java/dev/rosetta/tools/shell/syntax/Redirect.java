package dev.rosetta.tools.shell.syntax;

/**
 * One redirection: {@code 2>&1}, {@code > out.txt}, {@code &>> log}, {@code < in}, {@code <<EOF}.
 *
 * @param fd       the descriptor written before the operator ({@code 2}, {@code {var}}), or empty
 * @param operator {@code <}, {@code >}, {@code >>}, {@code >|}, {@code <>}, {@code &>}, {@code &>>},
 *                 {@code <&}, {@code >&}, {@code <<}, {@code <<-}, {@code <<<}
 * @param target   the file, descriptor or here-string; for a here-document, its delimiter
 * @param here     a here-document's body, else null
 */
public record Redirect(String fd, String operator, Word target, HereDocument here) {

    /**
     * Whether it may create or change a file: output to anything but {@code /dev/null} or a
     * descriptor ({@code 2>&1}, {@code >&2}, {@code >&-}); {@code >&word} with another word writes
     * that file, as {@code &>} does.
     */
    public boolean writesFile() {
        return switch (operator) {
            case ">", ">>", ">|", "&>", "&>>", "<>" -> !isDevNull();
            case ">&" -> !duplicatesDescriptor() && !isDevNull();
            default -> false;
        };
    }

    /** Whether it opens a network connection ({@code /dev/tcp/…}, {@code /dev/udp/…}), which bash does itself. */
    public boolean opensConnection() {
        return !operator.startsWith("<<") && (target.text().startsWith("/dev/tcp/") || target.text().startsWith("/dev/udp/"));
    }

    private boolean isDevNull() {
        return target.known() && target.text().equals("/dev/null");
    }

    /** {@code >&2}, {@code >&-}, {@code >&2-}: a descriptor, not a file. */
    private boolean duplicatesDescriptor() {
        return target.known() && target.text().matches("[0-9]+-?|-");
    }

    /** A here-document's body, read after the line that named it. */
    public static final class HereDocument {

        private final boolean expands;
        private Word body = Word.of("");

        HereDocument(boolean expands) {
            this.expands = expands;
        }

        /** Whether the body is expanded ({@code $x}, {@code $(…)}): its delimiter was not quoted. */
        public boolean expands() {
            return expands;
        }

        public Word body() {
            return body;
        }

        void body(Word read) {
            body = read;
        }

        @Override
        public String toString() {
            return "HereDocument[expands=" + expands + ", body=" + body + "]";
        }
    }
}
