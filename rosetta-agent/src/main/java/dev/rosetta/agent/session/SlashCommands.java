package dev.rosetta.agent.session;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.config.FormatChoice;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.agent.config.Resolved;
import dev.rosetta.agent.context.CompactionResult;
import dev.rosetta.agent.tokens.Dollars;
import dev.rosetta.agent.instructions.InstructionFile;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.tokens.TokenTally;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.model.ModelInfo;

/**
 * The slash commands, whichever front end they were typed at: /model, /think, /tools, /tokens,
 * /context, /compact, /instructions, /undo, /rewind, /log, /rename, /fork, /replay, /mcp, /help.
 * What they say goes out as events every front end sees; what they ask is a question any may answer.
 * (/impersonate runs a turn and is the host's; /exit and /clear are the prompt's own.)
 */
final class SlashCommands {

    /** Every command, for completion and /help: the host's and the prompt's. */
    public static final List<String> NAMES = java.util.stream.Stream.concat(java.util.stream.Stream.of("/help"),
            CommandHelp.ALL.stream().map(CommandHelp::name)).toList();

    /** The commands a front end carries out itself: the host keeps their place in line. */
    static final List<String> PROMPT_COMMANDS = List.of("/exit", "/quit", "/clear");

    private static final Pattern NAME = Pattern.compile("/[a-z][a-z-]*");

    private final Conversation chat;
    private final CommandIo out;

    SlashCommands(Conversation chat, CommandIo out) {
        this.chat = chat;
        this.out = out;
    }

    /**
     * Whether a line is a slash command rather than a message for the model: {@code /word}, known or
     * mistyped (a typo is reported, not sent). {@code /usr/bin/env …} and other paths are messages.
     */
    static boolean isCommand(String line) {
        return NAME.matcher(name(line)).matches();
    }

    /** The command's name, lower case ("/model" of "/Model sonnet"). */
    static String name(String line) {
        return line.strip().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
    }

    /** Runs one command line ("/model sonnet"); false when it is not one of these commands. */
    boolean run(String line) {
        String[] parts = line.strip().split("\\s+", 2);
        String arg = parts.length > 1 ? parts[1].strip() : "";
        try {
            switch (parts[0].toLowerCase(Locale.ROOT)) {
                case "/help" -> help();
                case "/model" -> model(arg);
                case "/format" -> format(arg);
                case "/think" -> think(arg);
                case "/tools" -> tools();
                case "/tokens" -> tokens();
                case "/context" -> context();
                case "/compact" -> compact(arg);
                case "/instructions" -> instructions();
                case "/undo" -> rewinds().undo(arg.isEmpty() ? 1 : count(arg, "/undo [N]"));
                case "/rewind" -> rewinds().rewind(arg.isEmpty() ? -1 : count(arg, "/rewind [N]"));
                case "/log" -> out.line(chat.log().folder().resolve("conversation.jsonl").toString());
                case "/rename" -> rename(arg);
                case "/fork" -> out.line("forked into " + chat.log().fork(required(arg, "/fork NAME")));
                case "/replay" -> replay();
                case "/mcp" -> McpSlash.run(chat, arg, out);
                case "/skills" -> SkillsSlash.list(chat.session().skills(), out);
                case "/hooks" -> HooksSlash.run(chat.session().hooks(), arg, out);
                default -> {
                    return false;
                }
            }
        } catch (RosettaException e) {
            out.problem(e);
        }
        return true;
    }

    private void help() {
        out.line(String.join("\n", CommandHelp.ALL.stream().map(CommandHelp::line).toList()));
    }

    /** Switches model and tool format in one step: the next reply is read and requested in the new format. */
    private void model(String name) throws ProviderException {
        ChatSession session = chat.session();
        if (name.isEmpty()) {
            out.line(session.model().name() + " (tool format: " + session.format().id() + because(session) + ")");
            sayNativeDialect(session.model());
            return;
        }
        Providers.Described described = SessionSetup.describe(chat.registry().resolve(name), chat.providers(),
                w -> out.problem("warning: " + w));
        ModelInfo next = described.model();
        // The model's own default where it has one, else its best format as auto picks it (and why).
        Resolved<ToolFormat> format = Resolution.defaultFormat(next, described.served())
                .orElseGet(() -> FormatChoice.load(System.getenv()).pick(next,
                        chat.providers().directory().find(next.provider()).map(p -> p.nativeTools()).orElse(false)));
        Provider provider = SessionSetup.provider(next, format.value(), List.of(), chat.registry(), chat.providers());
        session.switchModel(next, provider, format.value());
        session.formatReason(format.source());
        chat.saveConfig();
        out.line("model: " + next.name() + " (tool format: " + format.value().id() + because(session) + ")");
        sayNativeDialect(next);
        sayThinkingProblem();
    }

    /**
     * Switches the tool format alone, keeping the model: the next reply is read and requested in it.
     * {@code native} is the model's own dialect.
     */
    private void format(String id) throws ProviderException {
        ChatSession session = chat.session();
        if (id.isEmpty()) {
            out.line("tool format: " + session.format().id() + because(session));
            return;
        }
        ToolFormat format = id.equalsIgnoreCase("native") ? session.model().nativeFormat()
                : ToolFormat.of(id.toLowerCase(Locale.ROOT));
        Provider provider = SessionSetup.provider(session.model(), format, List.of(), chat.registry(),
                chat.providers());
        session.switchModel(session.model(), provider, format);
        session.formatReason("/format");
        chat.saveConfig();
        out.line("tool format: " + format.id());
    }

    /** " — why", when auto chose the format. */
    private static String because(ChatSession session) {
        String why = session.formatReason();
        return why == null || !why.startsWith(FormatChoice.AUTO_PREFIX) ? "" : " — " + why;
    }

    /** Which dialect {@code --tool-format native} means for the model, and why, where anything says. */
    private void sayNativeDialect(ModelInfo model) {
        if (model.dialectOrigin() != null) {
            out.line("native dialect: " + model.nativeDialectReason());
        }
    }

    /** Shows or sets the thinking level; a level the model cannot take is said in one line, and not sent. */
    private void think(String level) {
        ChatSession session = chat.session();
        if (!level.isEmpty()) {
            session.settings(session.settings().withThinking(Thinking.parse(level, "/think")));
            chat.saveConfig();
        }
        Thinking now = session.settings().thinking();
        out.line("thinking: " + (now == null ? "the model's default" : now.toString()));
        sayThinkingProblem();
    }

    private void sayThinkingProblem() {
        ChatSession session = chat.session();
        Thinking now = session.settings().thinking();
        if (now != null) {
            session.provider().thinkingProblem(session.model().id(), now).ifPresent(out::problem);
        }
    }

    /** One line per tool: its name, and its description up to the first colon or full stop. */
    private void tools() {
        var tools = chat.session().toolbox().offered().tools();
        var unavailable = chat.session().toolbox().unavailable();
        int width = Stream.concat(tools.stream().map(t -> t.name()), unavailable.keySet().stream())
                .mapToInt(String::length).max().orElse(0) + 2;
        tools.forEach(t -> out.line(pad(t.name(), width) + gist(t.description())));
        unavailable.forEach((name, why) -> out.line(pad(name, width) + "unavailable: " + why));
    }

    private static String pad(String name, int width) {
        return name + " ".repeat(Math.max(1, width - name.length()));
    }

    private static String gist(String description) {
        int end = description.length();
        for (String stop : List.of(": ", ". ", "; ")) {
            int at = description.indexOf(stop);
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        return description.substring(0, end).replaceFirst("\\.$", "");
    }

    /** Tokens and cost so far: the provider's counts where it reported them, marked ≈ estimates where not. */
    private void tokens() {
        TokenTally tally = TokenTally.of(chat.session().messages(), TokenEstimator.shared());
        String about = tally.estimated() ? "≈" : "";
        String cached = tally.cacheReadTokens() > 0
                ? String.format(Locale.ROOT, " (%,d cached)", tally.cacheReadTokens()) : "";
        String cost = tally.costUsd() != null ? Dollars.of(tally.costUsd()) : "cost unknown";
        int guessed = tally.repliesWithoutUsage();
        String why = guessed == 0 ? "" : String.format(" (estimated: the provider reported no usage for %d %s)",
                guessed, guessed == 1 ? "reply" : "replies");
        out.line(String.format(Locale.ROOT, "tokens: %s%,d in%s · %s%,d out · %s%s", about, tally.inputTokens(), cached,
                about, tally.outputTokens(), cost, why));
        // What the next request carries: the compacted history, as /context counts it.
        var usage = chat.session().usage(chat.workspace(), LocalDate.now());
        out.line(String.format(Locale.ROOT, "context: ≈%,d of %,d tokens", usage.total(), usage.budget().window()));
    }

    private void context() {
        chat.session().usage(chat.workspace(), LocalDate.now()).lines().forEach(out::line);
    }

    /** Compacts now; the summary is asked of the model, and keeps {@code keep} in particular. */
    private void compact(String keep) {
        CompactionResult result = chat.loop().compact(keep);
        out.line(result.describe());
    }

    private void instructions() {
        ProjectInstructions loaded = chat.session().instructions();
        if (loaded.isEmpty()) {
            out.line("no instruction files: Rosetta reads " + String.join(", ", ProjectInstructions.NAMES)
                    + " from your config folder and from the workspace up to the repository's root");
            return;
        }
        for (InstructionFile f : loaded.files()) {
            out.line(String.format(Locale.ROOT, "%s  %,d characters%s", f.path(), f.chars(),
                    f.cut() ? String.format(Locale.ROOT, ", cut to the first %,d", ProjectInstructions.MAX_CHARS) : ""));
        }
    }

    private RewindCommand rewinds() {
        return new RewindCommand(chat, out);
    }

    private void rename(String name) {
        chat.log().rename(required(name, "/rename NAME"));
        chat.saveConfig();
        out.line("renamed to " + chat.log().id());
    }

    private void replay() {
        new HistoryReplay(out::emit).show(chat.session().messages(), 0, chat.log().compactions());
    }

    static int count(String arg, String usage) {
        try {
            int n = Integer.parseInt(arg);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new RosettaException("usage: " + usage + ", where N is a number of turns (1 or more)");
    }

    private static String required(String value, String usage) {
        if (value.isEmpty()) {
            throw new RosettaException("usage: " + usage);
        }
        return value;
    }
}
