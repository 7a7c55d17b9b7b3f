package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Which readers the cascade asks at a candidate: exactly those a reader-by-reader test of its
 * {@link Reader#secondChars} and {@link Reader#literalStarts} lets through, found by one look
 * at the text for all readers together, whatever the number of readers and however the text
 * arrives.
 */
class AskingTest {

    /** The readers asked so far, in order. */
    private final List<Reader> asked = new ArrayList<>();

    /** A reader that only lists where its constructs start; asked, it notes it and claims nothing. */
    private static final class Listing implements Reader {

        private final String name;
        private final String lineStarts;
        private final String seconds;
        private final List<String> literalStarts;
        private final List<Reader> asked;

        Listing(String name, String lineStarts, String seconds, List<String> literalStarts, List<Reader> asked) {
            this.name = name;
            this.lineStarts = lineStarts;
            this.seconds = seconds;
            this.literalStarts = literalStarts;
            this.asked = asked;
        }

        @Override
        public Opening open(Input in, int at) {
            asked.add(this);
            return Opening.NONE;
        }

        @Override
        public String lineStarts() {
            return lineStarts;
        }

        @Override
        public String secondChars(char first) {
            return seconds;
        }

        @Override
        public List<String> literalStarts() {
            return literalStarts;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The filter as the contract states it, one reader at a time. */
    private static List<Reader> byEachReader(List<Reader> readers, String visible, char first) {
        List<Reader> out = new ArrayList<>();
        for (Reader r : readers) {
            String starts = r.lineStarts();
            if (starts != null && starts.indexOf(first) < 0) {
                continue;
            }
            String s = r.secondChars(first);
            if (s != null && visible.length() > 1 && s.indexOf(visible.charAt(1)) < 0) {
                continue;
            }
            if (r.literalStarts() != null && r.literalStarts().stream()
                    .noneMatch(t -> t.charAt(0) == first && (visible.startsWith(t) || t.startsWith(visible)))) {
                continue;
            }
            out.add(r);
        }
        return out;
    }

    /** Readers past the 64th are asked unfiltered (the sets are bit masks): {@code expected} with them, in order. */
    private static List<Reader> withUnfiltered(List<Reader> readers, List<Reader> expected) {
        List<Reader> out = new ArrayList<>();
        for (int r = 0, k = 0; r < readers.size(); r++) {
            Reader reader = readers.get(r);
            if (!"<".equals(reader.lineStarts())) {
                continue;
            }
            if (expected.contains(reader) || k >= 64) {
                out.add(reader);
            }
            k++;
        }
        return out;
    }

    private static String word(Random random, int most) {
        StringBuilder out = new StringBuilder("<");
        int n = random.nextInt(most);
        for (int i = 0; i < n; i++) {
            out.append("<|abt>x".charAt(random.nextInt(7)));
        }
        return out.toString();
    }

    /** The readers {@code asking} asks at {@code at}, in order. */
    private List<Reader> askedAt(Asking asking, Input in, int at) {
        asked.clear();
        assertThat(asking.open(in, at, true)).isEqualTo(Opening.NONE);
        return List.copyOf(asked);
    }

    private List<Reader> randomReaders(Random random, int count) {
        List<Reader> readers = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            List<String> literal = null;
            if (random.nextInt(4) > 0) {
                literal = new ArrayList<>();
                for (int k = random.nextInt(4); k >= 0; k--) {
                    literal.add(random.nextInt(6) == 0 ? "x" + word(random, 4) : word(random, 6));
                }
            }
            String seconds = random.nextInt(3) == 0 ? "|ab".substring(random.nextInt(3)) : null;
            String lineStarts = random.nextInt(8) == 0 ? "x" : "<";
            readers.add(new Listing("r" + r, lineStarts, seconds, literal, asked));
        }
        return readers;
    }

    @Test
    void theReadersAskedAreThoseEachReadersOwnStartsLetThroughAsTheTextArrives() {
        Random random = new Random(19);
        for (int trial = 0; trial < 400; trial++) {
            List<Reader> readers = randomReaders(random, 1 + random.nextInt(trial % 5 == 0 ? 90 : 12));
            Asking asking = Asking.at(readers, '<', Reader::lineStarts);
            String text = word(random, 9) + (random.nextBoolean() ? "" : " tail");
            TextBuffer buffer = new TextBuffer();
            Input in = new Input(buffer);
            for (int shown = 1; shown <= text.length(); shown++) {
                buffer.append(text.substring(buffer.length(), shown));
                in.set(shown, shown == text.length());
                List<Reader> expected = byEachReader(readers, text.substring(0, shown), '<');
                assertThat(askedAt(asking, in, 0)).as("%s of %s, readers %s", shown, text, readers)
                        .containsExactlyElementsOf(withUnfiltered(readers, expected));
            }
        }
    }

    @Test
    void theTextAtACandidateIsLookedAtOnceHoweverManyReadersListItsStart() {
        String text = "<|tool_calls_section_begin|> in prose";
        List<Reader> one = List.of(new Listing("one", "<", "|", List.of("<|tool_calls_section_begin|>x"), asked));
        List<Reader> many = new ArrayList<>();
        for (int r = 0; r < 40; r++) {
            many.add(new Listing("r" + r, "<", "|", List.of("<|tool_calls_section_begin|>" + r, "<|tool_call_begin|>"), asked));
        }
        assertThat(readsToDecide(many, text)).isEqualTo(readsToDecide(one, text)).isLessThanOrEqualTo(30);
    }

    @Test
    void aCandidateStreamedOneCharacterAtATimeIsStillLookedAtOnce() {
        List<Reader> many = new ArrayList<>();
        for (int r = 0; r < 20; r++) {
            many.add(new Listing("r" + r, "<", null, List.of("<|reserved_special_token_" + r + "|>"), asked));
        }
        String text = "<|reserved_special_token_7|>";
        TextBuffer buffer = new TextBuffer();
        Input in = new Input(buffer);
        Asking asking = Asking.at(many, '<', Reader::lineStarts);
        for (int shown = 1; shown <= text.length(); shown++) {
            buffer.append(text.substring(shown - 1, shown));
            in.set(shown, false);
            asking.anyMayClaim(in, 0);
        }
        assertThat(buffer.reads()).isEqualTo(text.length() - 1);
        assertThat(askedAt(asking, in, 0)).containsExactly(many.get(7));
    }

    @Test
    void aReaderThatListsNoStartsIsAlwaysAskedAndNothingIsLookedAtForIt() {
        List<Reader> readers = List.of(new Listing("any", "<", null, null, asked));
        assertThat(readsToDecide(readers, "<b>bold</b>")).isZero();
    }

    private long readsToDecide(List<Reader> readers, String text) {
        TextBuffer buffer = new TextBuffer();
        buffer.append(text);
        Input in = new Input(buffer);
        in.set(text.length(), true);
        Asking.at(readers, '<', Reader::lineStarts).anyMayClaim(in, 0);
        return buffer.reads();
    }
}
