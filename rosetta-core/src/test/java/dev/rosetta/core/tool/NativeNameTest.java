package dev.rosetta.core.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The one rule that names a tool for native tool APIs: within their limits, and one name per tool. */
class NativeNameTest {

    private static final String API_NAME = "^[a-zA-Z0-9_-]{1,64}$";

    @Test
    void aDotIsSpelledAsTwoUnderscoresWhereThatReadsBack() {
        assertThat(ToolSpec.nativeName("github.search")).isEqualTo("github__search");
        assertThat(ToolSpec.nativeName("my-srv.get_weather")).isEqualTo("my-srv__get_weather");
        assertThat(ToolSpec.nativeName("shell")).isEqualTo("shell");
    }

    /** Issue 25: both were evil__a__b, and Anthropic refuses a request that declares one name twice. */
    @Test
    void toolsWhoseDotsAndUnderscoresWouldCollideGetNamesOfTheirOwn() {
        String dotted = ToolSpec.nativeName("evil.a.b");
        String underscored = ToolSpec.nativeName("evil.a__b");

        assertThat(dotted).isEqualTo("evil__a__b");
        assertThat(underscored).isNotEqualTo(dotted).startsWith("evil_a__b___").matches(API_NAME);
    }

    @Test
    void aLongNameIsCutAndHashedWithinTheLimit() {
        String name = ToolSpec.nativeName("server." + "very_long_tool_name_".repeat(10));
        assertThat(name).hasSize(64).matches(API_NAME).startsWith("server_very_long_tool_name_");
    }

    @Test
    void everyTagGetsAnApiNameAndNoTwoTagsShareOne() {
        Random random = new Random(25);
        String alphabet = "ab_.-9Zé ";
        Map<String, String> tagByName = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            StringBuilder tag = new StringBuilder();
            for (int n = 1 + random.nextInt(i % 10 == 0 ? 120 : 8); n > 0; n--) {
                tag.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String name = ToolSpec.nativeName(tag.toString());
            assertThat(name).as(tag.toString()).matches(API_NAME);
            String before = tagByName.putIfAbsent(name, tag.toString());
            assertThat(before == null || before.contentEquals(tag)).as(tag + " and " + before + " are both " + name)
                    .isTrue();
        }
    }

    @Test
    void theCatalogFindsEachToolByItsNativeName() {
        List<String> tags = List.of("evil.a.b", "evil.a__b", "evil._x", "evil." + "n".repeat(100));
        ToolCatalog catalog = ToolCatalog.of(tags.stream().map(ToolSpec::named).toList());
        for (String tag : tags) {
            assertThat(catalog.resolve(ToolSpec.nativeName(tag))).map(ToolSpec::name).contains(tag);
        }
    }
}
