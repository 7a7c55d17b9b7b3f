package dev.rosetta.core.dialect.harmony;

/**
 * A harmony message header, the text between {@code <|start|>} (or {@code <|channel|>}) and
 * {@code <|message|>}: {@code assistant<|channel|>commentary to=functions.NAME <|constrain|>json}.
 * The recipient may stand in the role part instead ({@code assistant to=functions.NAME<|channel|>…}),
 * {@code <|constrain|>} may be missing or replaced by a bare type word, and unknown words are ignored.
 *
 * @param role        the author ({@code assistant}), or null when the header starts at its channel
 * @param channel     analysis, commentary, final, or null
 * @param recipient   what {@code to=} names, or null
 * @param contentType what {@code <|constrain|>} (or a bare word after the channel) names, or null
 */
record HarmonyHeader(String role, String channel, String recipient, String contentType) {

    /** Reads {@code header}, which starts with {@link HarmonyTokens#START} or {@link HarmonyTokens#CHANNEL}. */
    static HarmonyHeader parse(String header) {
        String rest = header;
        String rolePart = "";
        if (rest.startsWith(HarmonyTokens.START)) {
            rest = rest.substring(HarmonyTokens.START.length());
            int channel = rest.indexOf(HarmonyTokens.CHANNEL);
            rolePart = channel < 0 ? rest : rest.substring(0, channel);
            rest = channel < 0 ? "" : rest.substring(channel);
        }
        String channelPart = rest.startsWith(HarmonyTokens.CHANNEL) ? rest.substring(HarmonyTokens.CHANNEL.length()) : "";
        String constrainPart = "";
        int constrain = channelPart.indexOf(HarmonyTokens.CONSTRAIN);
        if (constrain >= 0) {
            constrainPart = channelPart.substring(constrain + HarmonyTokens.CONSTRAIN.length());
            channelPart = channelPart.substring(0, constrain);
        }
        String role = null;
        String channel = null;
        String recipient = null;
        String type = firstWord(constrainPart);
        for (String word : words(rolePart)) {
            if (word.startsWith("to=")) {
                recipient = word.substring(3);
            } else if (role == null) {
                role = word;
            }
        }
        for (String word : words(channelPart)) {
            if (word.startsWith("to=")) {
                recipient = word.substring(3);
            } else if (channel == null) {
                channel = word;
            } else if (type == null) {
                type = word;
            }
        }
        return new HarmonyHeader(role, channel, recipient == null || recipient.isEmpty() ? null : recipient, type);
    }

    /** A message to a tool from the assistant (a tool's own reply is addressed {@code to=assistant}). */
    boolean isCall() {
        return recipient != null && !recipient.equals("assistant") && (role == null || role.equals("assistant"));
    }

    boolean isAnalysis() {
        return "analysis".equals(channel);
    }

    private static String[] words(String text) {
        String t = text.strip();
        return t.isEmpty() ? new String[0] : t.split("\\s+");
    }

    private static String firstWord(String text) {
        String[] words = words(text);
        return words.length == 0 ? null : words[0];
    }
}
